// Residents are never stranded (issue 11): the defects found around the happy path, each named after it,
// at desktop and phone width.
import { apiHeaders, applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import {
  answer,
  completeIdentityProvider,
  DEMO,
  expect,
  expectNoAxeViolations,
  GROUP,
  QUESTIONS,
  test,
} from '../support/fixtures';

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of widths) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('a new application is found right after 申請を始める when the resident already has applications', async ({
      page,
    }) => {
      await signInResident(page);
      // An earlier application: the home page's list (cached by the app) holds it, and only it.
      const headers = await apiHeaders(page);
      const earlier = await page.request.post(`/api/municipalities/${DEMO}/concierge-values/`, {
        headers,
        data: { procedure_group_id: GROUP, concierge_option_ids: [1, 3, 5, 8] },
      });
      expect(earlier.ok()).toBe(true);
      await page.goto(`/municipalities/${DEMO}`);
      await expect(page.getByRole('heading', { level: 1, name: 'デモ市のオンライン申請' })).toBeVisible();

      await page.getByRole('link', { name: '出生・子育てを申請する' }).click();
      await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
      await page.getByRole('button', { name: '申請を始める' }).click();
      await answer(page, QUESTIONS.born, 'はい');
      await answer(page, QUESTIONS.where, '日本国内');
      await answer(page, QUESTIONS.resident, 'はい');
      await answer(page, QUESTIONS.civilServant, 'いいえ');
      await page.getByRole('button', { name: '回答を確認する' }).click();
      await page.getByRole('button', { name: '申請を始める' }).click();

      await expect(page).toHaveURL(/\/applications\/[^/]+\/stepsExplanation$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('この申請は見つかりませんでした')).toHaveCount(0);
      await expectNoAxeViolations(page, 'steps explanation of a new application');
      await expect(page.getByRole('link', { name: /始める|進む/ }).first()).toBeVisible();
    });

    test('a session that expires mid-form ends on sign-in again, back on the page with the input kept', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInResident(page);
      // The form asks what the questions left missing: here the insurer number.
      const app = await applicationAtForm(page, {
        procedureCodes: ['child_medical_subsidy'],
        blank: ['insurance_insurer_number'],
      });
      await page.goto(`${app.base}/form`);
      const insurer = page.getByRole('textbox', { name: '保険者番号', exact: true });
      await insurer.fill('87654321');

      // The sign-in ends (as when it times out) while the resident types.
      await page.context().clearCookies({ name: 'portal_applicant_session' });
      await page.getByRole('button', { name: '入力内容を確認する' }).click();
      const ended = page.getByTestId('session-ended');
      await expect(ended).toContainText('サインインの有効期限が切れました');
      await expect(ended).toBeFocused();
      await expect(page.getByText('sign-in required')).toHaveCount(0);
      await expectNoAxeViolations(page, 'form, session ended');

      await ended.getByRole('button', { name: 'もう一度サインインする' }).click();
      await completeIdentityProvider(page);
      await expect(page).toHaveURL(`${app.base}/form`);
      await expect(page.getByTestId('draft-restored')).toBeVisible();
      await expect(insurer).toHaveValue('87654321');
      await page.getByRole('button', { name: '入力内容を確認する' }).click();
      await expect(page.getByTestId('review-insurance_insurer_number')).toContainText('87654321');
    });

    test('leaving a page with unsaved edits asks first, in the app and on reload', async ({ page }) => {
      test.setTimeout(120_000);
      await signInResident(page);
      // The form asks what the questions left missing: here the insurer number.
      const app = await applicationAtForm(page, {
        procedureCodes: ['child_medical_subsidy'],
        blank: ['insurance_insurer_number'],
      });
      await page.goto(`${app.base}/form`);
      const insurer = page.getByRole('textbox', { name: '保険者番号', exact: true });
      await insurer.fill('11112222');

      // A link inside the app: the app's own question; staying keeps the input.
      const leave = () => page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
      await leave();
      const dialog = page.getByRole('dialog', { name: '保存していない入力があります' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, 'unsaved input dialog');
      await dialog.getByRole('button', { name: 'このページに戻る' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(`${app.base}/form`);
      await expect(insurer).toHaveValue('11112222');

      // Closing or reloading the tab: the browser's own question (beforeunload).
      const asked = page.waitForEvent('dialog');
      void page.close({ runBeforeUnload: true });
      const prompt = await asked;
      expect(prompt.type()).toBe('beforeunload');
      await prompt.accept();
    });

    test('saved input leaves the page without a question', async ({ page }) => {
      await signInResident(page);
      // The form asks what the questions left missing: here the insurer number.
      const app = await applicationAtForm(page, {
        procedureCodes: ['child_medical_subsidy'],
        blank: ['insurance_insurer_number'],
      });
      await page.goto(`${app.base}/form`);
      await expectNoAxeViolations(page, 'form with one item asked');
      await page.getByRole('textbox', { name: '保険者番号', exact: true }).fill('12345678');
      await page.getByRole('button', { name: '入力内容を確認する' }).click();
      await expect(page).toHaveURL(`${app.base}/formValues`);
      await expectNoAxeViolations(page, 'review after the saved input');
      await page.getByRole('contentinfo').getByRole('link', { name: '利用規約' }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}/terms`);
      await expectNoAxeViolations(page, 'terms, left without a question');
    });

    test('the applications list names receipt numbers, procedures, the child, status and next step, and gives files back', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await signInResident(page);
      const app = await applicationAtForm(page, { procedureCodes: ['child_medical_subsidy'] });
      const api = `/api/municipalities/${DEMO}/applications/${app.id}`;
      const { headers } = app;
      const last = await page.request.post(`${api}/form/`, {
        headers,
        data: { standard_item_fragments: [], is_last_page_in_concierge_assistant: true },
      });
      expect(last.ok(), await last.text()).toBe(true);
      const upload = await page.request.post(`${api}/procedure-attaches/`, {
        headers,
        multipart: {
          standard_item_code: 'attach_health_insurance_card',
          sequence: '1',
          file: { name: 'card.png', mimeType: 'image/png', buffer: pngBytes() },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const submitted = await page.request.put(`${api}/document/status/`, {
        headers,
        data: { status: 'submitted' },
      });
      expect(submitted.ok(), await submitted.text()).toBe(true);

      await page.goto(`/municipalities/${DEMO}/applications`);
      // The card of this application (the same resident's other tests add cards of their own).
      const card = page.locator(`li[aria-labelledby="application-${app.id}"]`);
      await expect(card.getByText(/受付番号：\d{4}-\d{6}/)).toBeVisible();
      await expect(card.getByRole('list', { name: '手続き' })).toContainText('子ども医療費助成');
      await expect(card.getByRole('list', { name: '手続き' })).toContainText('受付済み');
      await expect(card.getByText(/^対象の方：/)).toBeVisible();
      await expect(card.getByTestId('next-step')).toContainText('担当課が内容を確認しています');
      await expect(card.getByText('現在の段階')).toHaveCount(0);
      await expectNoAxeViolations(page, 'applications list with a submitted application');

      // Each procedure's copy is a PDF of its own (a phone opens it; issue 33), named by its 受付番号.
      const pdf = page.waitForEvent('download', { timeout: 60_000 });
      await card.getByRole('button', { name: '子ども医療費助成 受給資格の申請の控え（PDF）' }).click();
      expect((await pdf).suggestedFilename()).toMatch(/^\d{4}-\d{6}_子ども医療費助成_受給資格の申請\.pdf$/);

      await card.getByRole('button', { name: '添付した書類を表示する' }).click();
      const file = page.waitForEvent('download');
      await card.getByRole('button', { name: /card\.png/ }).click();
      expect((await file).suggestedFilename()).toBe('card.png');
      await expectNoAxeViolations(page, 'applications list with the attachments shown');

      // The completion page's rating reads no English to a screen reader ("Empty" was MUI's own text).
      await page.goto(`${app.base}/complete`);
      await expect(page.getByRole('radio', { name: '評価しない' })).toHaveCount(1);
      await expect(page.getByText('Empty')).toHaveCount(0);
    });

    test('required is marked one way, never on an option, and the postal lookup keeps a typed address', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInResident(page);
      // 100-0001 is 東京都千代田区千代田 in the postal data; the resident already added the block number.
      const typed = '東京都千代田区千代田1番1号';
      const app = await applicationAtForm(page, {
        procedureCodes: ['child_medical_subsidy'],
        values: { applicant_postal_code: '1000001', applicant_address: typed },
      });
      await page.goto(`${app.base}/form?field=applicant_postal_code`);
      const address = page.getByRole('textbox', { name: '住所', exact: true });
      await expect(address).toHaveValue(typed);
      // One mark: the 「必須」 badge; no asterisk on a label, a legend or a radio option.
      await expect(page.locator('[data-required-mark]').first()).toBeVisible();
      await expect(page.locator('label:visible, legend:visible').filter({ hasText: '*' })).toHaveCount(0);
      // Labels sit above their fields: the focus ring (4 px outline, 2 px offset) never covers one.
      await address.focus();
      // Both boxes measured in one frame: the page may still scroll between two separate calls.
      const { labelBottom, fieldTop } = await address.evaluate((input) => ({
        labelBottom: document.querySelector(`label[for="${input.id}"]`)!.getBoundingClientRect().bottom,
        fieldTop: input.parentElement!.getBoundingClientRect().top,
      }));
      expect(labelBottom).toBeLessThanOrEqual(fieldTop - 6);

      await page.getByRole('button', { name: '郵便番号から住所を入力' }).first().click();
      await expect(page.getByRole('status').filter({ hasText: '住所に「' })).toBeVisible();
      await expect(address).toHaveValue(typed);

      // Another address typed before: replaced, and the resident can undo it.
      await address.fill('デモ県デモ市中央一丁目2番3号');
      await page.getByRole('button', { name: '郵便番号から住所を入力' }).first().click();
      await expect(address).toHaveValue('東京都千代田区千代田');
      await page.getByRole('button', { name: '元に戻す' }).click();
      await expect(address).toHaveValue('デモ県デモ市中央一丁目2番3号');
      await expectNoAxeViolations(page, 'form with the postal lookup');
    });
  });
}
