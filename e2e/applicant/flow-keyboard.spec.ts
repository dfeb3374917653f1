// The assistant with the keyboard only: Tab to a question, arrows to choose (a scoped-out answer and
// back), typing into the inline form, "why am I seeing this" with Enter, Enter to save and go on; the
// new page's heading takes the focus.
import { expect, tabTo, test } from '../support/fixtures';
import { M, startApplication } from './flow-support';

test('the assistant works with the keyboard alone', async ({ page }) => {
  const id = await startApplication(page, {
    resident: { subject: 'demo-resident-0002', pin: '2345', name: '山田 花子' },
  });
  await page.goto(`${M}/applications/${id}/conciergeAssistant`);
  await expect(page.getByRole('heading', { level: 1, name: '申請者' })).toBeVisible();
  await expect(page).toHaveURL(/sub=3/);

  const group = page.getByRole('radiogroup', { name: /届出人/ });
  await tabTo(page, group.getByRole('radio', { name: '父', exact: true }));
  // Arrows move the choice: 母, then その他 (scoped out), then back to 母.
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: '母', exact: true })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'その他（同居者・医師・助産師など）' })).toBeChecked();
  await expect(page.getByTestId('scoped-out')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(group.getByRole('radio', { name: '母', exact: true })).toBeChecked();
  await expect(page.getByTestId('scoped-out')).toBeHidden();

  // "Why am I seeing this" opens with Enter.
  const why = page.getByRole('button', { name: 'この質問が表示される理由' }).first();
  await tabTo(page, why);
  await page.keyboard.press('Enter');
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/「母」と回答したため/)).toBeVisible();

  // Type every field of the page, moving with Tab.
  const values: [string, string][] = [
    ['氏', '山田'],
    ['名', '花子'],
    ['氏（カナ）', 'ヤマダ'],
    ['名（カナ）', 'ハナコ'],
    ['生年月日', '1991-09-03'],
    ['郵便番号', '9999901'],
    ['住所', 'デモ県デモ市中央一丁目2番3号'],
    ['電話番号', '09012340002'],
  ];
  for (const [label, value] of values) {
    const field = page.getByLabel(label, { exact: true });
    await tabTo(page, field);
    if (label.startsWith('生年月日')) {
      // The browser's own date control: its segments follow the browser's locale, so its value is set
      // as a whole (the focus got there with Tab like every other field).
      await field.fill(value);
    } else {
      await page.keyboard.insertText(value);
    }
    await expect(field).toHaveValue(value);
  }
  // Enter in a field saves the page and goes on; focus moves to the new page's heading.
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'お子さん' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();

  // The focus ring is visible on a focused radio (keyboard focus).
  const male = page
    .getByRole('radiogroup', { name: 'お子さんの性別を選んでください。' })
    .getByRole('radio', { name: '男', exact: true });
  await tabTo(page, male);
  await page.keyboard.press('Space');
  await expect(male).toBeChecked();
  // Choosing revealed the next question in place (a destination of this answer).
  await expect(page.getByRole('radiogroup', { name: '嫡出子・嫡出でない子の別' })).toBeVisible();

  // Back to the previous page with the keyboard: the answers are there.
  const previous = page.getByRole('link', { name: '前のページへ戻る' });
  await tabTo(page, previous);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '申請者' })).toBeFocused();
  await expect(page.getByLabel('名', { exact: true })).toHaveValue('花子');
  await expect(
    page.getByRole('radiogroup', { name: /届出人/ }).getByRole('radio', { name: '母', exact: true }),
  ).toBeChecked();
});
