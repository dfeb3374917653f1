// The filter with the keyboard alone: Tab to each question, Space to choose, arrows to change, Enter to
// confirm. No mouse.
import { DEMO, expect, GROUP, QUESTIONS, test } from '../support/fixtures';

test('the filter can be completed with Tab, Space, arrows and Enter', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  const group = (name: string) => page.getByRole('radiogroup', { name });
  await expect(group(QUESTIONS.born)).toBeVisible();

  // The skip link is the first stop, then the header; Tab on until the first question's first option.
  const first = group(QUESTIONS.born).getByRole('radio', { name: 'はい' });
  for (let i = 0; i < 20 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();

  // Tab leaves a radio group for the next one (its first option, nothing chosen yet).
  await page.keyboard.press('Tab');
  await expect(group(QUESTIONS.where).getByRole('radio', { name: '日本国内' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(group(QUESTIONS.resident).getByRole('radio', { name: 'はい' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  const civilServantYes = group(QUESTIONS.civilServant).getByRole('radio', { name: 'はい' });
  await expect(civilServantYes).toBeFocused();
  await page.keyboard.press('Space');
  // Arrows move the choice inside a group.
  await page.keyboard.press('ArrowRight');
  await expect(group(QUESTIONS.civilServant).getByRole('radio', { name: 'いいえ' })).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '回答を確認する' })).toBeFocused();
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'あなたが申請できる手続き' });
  await expect(result.getByRole('listitem')).toHaveCount(3);
  // Focus moves to the result, and the next step is one Tab away.
  await expect(result.getByRole('heading', { name: 'あなたが申請できる手続き' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(result.getByRole('link', { name: 'サインインして申請に進む' })).toBeFocused();
});

test('the way on is one Tab away even while the sign-in state is still loading', async ({ page }) => {
  // A slow connection: the sign-in state answers after the result shows.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/applicant/login/status/', async (route) => {
    await answered;
    await route.continue();
  });
  const answers = ['はい', '日本国内', 'はい', 'いいえ'];
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  const questions = [QUESTIONS.born, QUESTIONS.where, QUESTIONS.resident, QUESTIONS.civilServant];
  for (const [i, name] of questions.entries()) {
    await page.getByRole('radiogroup', { name }).getByRole('radio', { name: answers[i] }).check();
  }
  await page.getByRole('button', { name: '回答を確認する' }).focus();
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'あなたが申請できる手続き' });
  await expect(result.getByRole('heading', { name: 'あなたが申請できる手続き' })).toBeFocused();
  await page.keyboard.press('Tab');
  const next = result.getByRole('link', { name: 'サインインして申請に進む' });
  await expect(next).toBeFocused();
  // Pressed before the state is known, it waits for it and then goes on to sign-in.
  await page.keyboard.press('Enter');
  release();
  await page.waitForURL(/\/(login|dev\/idp)\//);
});

test('the focus ring is visible on a focused option', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  const first = page.getByRole('radiogroup', { name: QUESTIONS.born }).getByRole('radio', { name: 'はい' });
  await first.focus();
  await page.keyboard.press('Space');
  // The ring is drawn on the radio's button (MUI's focus-visible class): a black outline and a yellow ring.
  const ring = await first.evaluate((input) => {
    const style = getComputedStyle(input.parentElement as Element);
    return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
  });
  expect(ring.outline).toBe('solid');
  expect(ring.width).toBe('4px');
  expect(ring.shadow).toContain('rgb(255, 212, 61)');
});
