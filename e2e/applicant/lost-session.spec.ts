// A sign-in that ends mid-flow loses nothing (issue 31): the session is deleted on the server while the
// resident answers assistant pages (choices and typed answers, some pages left unsaved); after signing in
// again every unsaved answer is back, and what cannot come back is named by its label.
import { request, type Page } from '@playwright/test';
import { apiHeaders, applicationAtAssistant, applicationAtForm } from '../support/application-setup';
import { completeIdentityProvider, DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { fill, pick } from './flow-support';

test.setTimeout(180_000);

/** The 児童手当 page of the demo assistant (pension, occupation, spouse, the child). */
const ALLOWANCE = 7;
const PENSION = 'あなたが加入している年金を選んでください。';
const SPOUSE = '配偶者はいますか？';

/** Deletes the browser's sign-in on the server (as when it expires); the browser keeps its stale cookie. */
async function endSessionOnServer(page: Page) {
  const baseURL = new URL(page.url()).origin;
  const other = await request.newContext({ baseURL, storageState: await page.context().storageState() });
  const status = await (await other.get('/api/applicant/login/status/')).json();
  const out = await other.post('/api/applicant/logout/', {
    headers: { 'X-Region-Code': DEMO, 'X-CSRF-Token': status.csrf_token },
  });
  expect(out.ok(), await out.text()).toBe(true);
  await other.dispose();
}

/** Picks an option whose save the server refuses (the sign-in ended): the page says so. */
async function pickRefused(page: Page, question: string, option: string) {
  const refused = page.waitForResponse((r) => r.url().includes('/concierge-values/') && r.status() === 401);
  await pick(page, question, option);
  await refused;
}

/** The way back through sign-in the page offers once a save found the sign-in ended. */
async function signInAgain(page: Page) {
  const ended = page.getByTestId('session-ended');
  await expect(ended).toBeVisible();
  await ended.getByRole('button', { name: 'もう一度サインインする' }).click();
  await completeIdentityProvider(page);
}

test('answers chosen and typed on two assistant pages come back after the sign-in ended', async ({
  page,
}) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page);
  const app = await applicationAtAssistant(page, ALLOWANCE);
  const here = `${app.base}/conciergeAssistant?sub=${ALLOWANCE}`;
  await page.goto(here);
  await expect(page.getByRole('heading', { level: 1, name: '児童手当' })).toBeVisible();

  // Page 児童手当: the national pension saved (a choice is saved at once), the occupation typed only.
  const saved = page.waitForResponse((r) => r.url().includes('/concierge-values/') && r.ok());
  await pick(page, PENSION, '国民年金');
  await saved;
  await fill(page, { 職業: '会社員' });

  // Back to 父母・本籍 without saving (the app asks first), and the domicile changed there, unsaved.
  await page.getByRole('link', { name: '前のページへ戻る' }).click();
  const dialog = page.getByRole('dialog', { name: '保存していない入力があります' });
  await dialog.getByRole('button', { name: '保存せずに移動する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '父母・本籍' })).toBeVisible();
  const domicile = page.getByLabel('本籍', { exact: true });
  await domicile.fill('デモ県デモ市北町五丁目6番地');

  // The sign-in ends; saving the page says so, and signing in again comes back to it with the input.
  await endSessionOnServer(page);
  await page.getByRole('button', { name: '回答を保存して次へ' }).click();
  await signInAgain(page);
  await expect(page.getByRole('heading', { level: 1, name: '父母・本籍' })).toBeVisible();
  await expect(page.getByTestId('draft-restored')).toContainText('保存していなかった入力を元に戻しました');
  await expect(domicile).toHaveValue('デモ県デモ市北町五丁目6番地');
  await page.getByRole('button', { name: '回答を保存して次へ' }).click();

  // The next page brings back what was typed there before leaving it.
  await expect(page.getByRole('heading', { level: 1, name: '児童手当' })).toBeVisible();
  await expect(page.getByLabel('職業', { exact: true })).toHaveValue('会社員');
  await expect(page.getByTestId('draft-restored')).toBeVisible();

  // The sign-in ends again: the pension changed, the spouse chosen, names and the child's answers typed.
  await endSessionOnServer(page);
  await pickRefused(page, PENSION, '厚生年金');
  await expect(page.getByTestId('session-ended')).toBeVisible();
  await fill(page, { 職業: '会社員（営業）' });
  await pickRefused(page, SPOUSE, 'はい');
  await fill(page, { 配偶者の氏: '佐藤', 配偶者の名: '恵子' });
  await page.getByLabel('請求者との続き柄', { exact: true }).selectOption({ label: '子' });
  await pick(page, '同居・別居の別', '同居');
  await pick(page, '監護の有無', '監護している');
  await signInAgain(page);

  // Every answer is back: the choices (saved again now), what they show, and what was typed.
  await expect(page).toHaveURL(here);
  const restored = page.getByTestId('draft-restored');
  await expect(restored).toContainText('保存していなかった入力を元に戻しました');
  const question = (name: string) => page.getByRole('radiogroup', { name });
  await expect(question(PENSION).getByRole('radio', { name: '厚生年金', exact: true })).toBeChecked();
  await expect(question(SPOUSE).getByRole('radio', { name: 'はい', exact: true })).toBeChecked();
  await expect(page.getByLabel('勤務先の名称', { exact: true })).toBeVisible();
  await expect(page.getByLabel('職業', { exact: true })).toHaveValue('会社員（営業）');
  await expect(page.getByLabel('配偶者の氏', { exact: true })).toHaveValue('佐藤');
  await expect(page.getByLabel('配偶者の名', { exact: true })).toHaveValue('恵子');
  await expect(page.getByLabel('請求者との続き柄', { exact: true })).toHaveValue('child');
  await expect(question('同居・別居の別').getByRole('radio', { name: '同居' })).toBeChecked();
  await expect(question('監護の有無').getByRole('radio', { name: '監護している' })).toBeChecked();
  await expect(page.getByTestId('draft-not-restored')).toHaveCount(0);
  await expectNoAxeViolations(page, 'assistant page with its input brought back');
  await page.screenshot({ path: test.info().outputPath('restored-assistant.png'), fullPage: true });
  // The same notice in English (and a picture readable without Japanese fonts), then back to Japanese.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(restored).toContainText('We brought back what you entered but had not saved');
  await page.screenshot({ path: test.info().outputPath('restored-assistant-en.png'), fullPage: true });
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(restored).toContainText('保存していなかった入力を元に戻しました');

  // Saved: the server holds every answer.
  await fill(page, { 勤務先の名称: 'デモ株式会社' });
  await page.getByRole('button', { name: '回答を保存して次へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '振込先口座' })).toBeVisible();
  const values = await (
    await page.request.get(`/api/municipalities/${DEMO}/applications/${app.id}/form/values/`, {
      headers: await apiHeaders(page),
    })
  ).json();
  const value = (code: string) =>
    values.standard_item_fragments.find(
      (v: { standard_item_code: string; sequence: number }) =>
        v.standard_item_code === code && v.sequence === 1,
    )?.value;
  expect(value('registered_domicile')).toBe('デモ県デモ市北町五丁目6番地');
  expect(value('applicant_occupation')).toBe('会社員（営業）');
  expect(value('applicant_pension_type')).toBe('employee');
  expect(value('spouse_exists')).toBe('yes');
  expect(value('spouse_first_name')).toBe('恵子');
  expect(value('child_living_together')).toBeTruthy();
});

test('an answer saved elsewhere meanwhile is kept, and the form names the input not brought back', async ({
  page,
}) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page);
  const app = await applicationAtForm(page, {
    procedureCodes: ['child_medical_subsidy'],
    blank: ['insurance_insurer_number', 'insurance_number'],
  });
  await page.goto(`${app.base}/form`);
  const number = page.getByRole('textbox', { name: '番号', exact: true });
  await page.getByRole('textbox', { name: '保険者番号', exact: true }).fill('87654321');
  await number.fill('12');

  // Another tab saves the insurer number meanwhile; then the sign-in ends.
  const other = await page.request.post(`/api/municipalities/${DEMO}/applications/${app.id}/form/`, {
    headers: app.headers,
    data: {
      standard_item_fragments: [
        { standard_item_code: 'insurance_insurer_number', sequence: 1, value: '06111111' },
      ],
      is_last_page_in_concierge_assistant: false,
    },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await endSessionOnServer(page);
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await signInAgain(page);

  await expect(page).toHaveURL(`${app.base}/form`);
  await expect(number).toHaveValue('12');
  // The insurer number is answered now (the form no longer asks it): the page names what it kept.
  const notRestored = page.getByTestId('draft-not-restored');
  await expect(notRestored).toContainText('「保険者番号」：あとから別の画面で保存された内容があるため');
  await expect(notRestored).not.toContainText('「番号」');
  await expectNoAxeViolations(page, 'form naming the input not brought back');
  await page.screenshot({ path: test.info().outputPath('not-restored-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(notRestored).toContainText('“Insurer number”: a newer answer was saved elsewhere');
  await page.screenshot({ path: test.info().outputPath('not-restored-form-en.png'), fullPage: true });
  await page.getByRole('button', { name: '日本語' }).click();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByTestId('review-insurance_insurer_number')).toContainText('06111111');
  await expect(page.getByTestId('review-insurance_number')).toContainText('12');
});
