// Field-level remand (issue 16 item 2, decision 0023), as a clerk and a resident: the clerk sends back two
// fields of a birth notification, each with a note; the resident can change only those two, fixes them,
// signs again with the card and sends it; the clerk sees exactly those two values changed. axe clean.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { applicationAtForm, signInResident } from '../support/application-setup';
import { finishApplication, signAndSend } from '../support/finish-application';
import { ResidentApi, residentBrowser } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });
// The resident's half walks the whole form in the browser; a slow first page is retried, not failed.
test.describe.configure({ retries: 1 });

const M = '/api/municipalities/999999';

test('a clerk sends back two fields; the resident fixes only those and signs again', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const resident = await residentContext.newPage();
  await signInResident(resident);
  const app = await applicationAtForm(resident, { procedureCodes: ['birth_notification'] });
  await resident.goto(`${app.base}/form`);
  await finishApplication(resident, app.base, 1);

  // The clerk remands the phone number and the weight, each with a note.
  await signInStaff(page, STAFF.clerkShimin);
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=birth_notification&page_size=all`,
  );
  const doc = (listed.documents as { id: string; application_id: string }[]).find(
    (d) => d.application_id === app.id,
  )!;
  await page.goto(`/staff/documents/${doc.id}`);
  const status = page.getByRole('region', { name: '状態の変更' });
  await status.getByRole('radio', { name: /差し戻す/ }).check();
  await status
    .getByRole('textbox', { name: '申請者へのメッセージ' })
    .fill('2か所を直して、もう一度署名してください。');
  const fields = status.getByRole('group', { name: '直してほしい項目（任意）' });
  await fields.getByRole('checkbox', { name: /^電話番号/ }).check();
  await fields.getByRole('checkbox', { name: /^体重/ }).check();
  // A ticked field needs its note: the clerk is taken to the missing one.
  await status
    .getByRole('textbox', { name: '「電話番号」について申請者へ' })
    .fill('市外局番から入力してください。');
  await status.getByRole('button', { name: '状態を変更する' }).click();
  const weightNote = status.getByRole('textbox', { name: '「体重」について申請者へ' });
  await expect(weightNote).toBeFocused();
  await expectNoAxeViolations(page, 'remand with fields');
  await weightNote.fill('出生証明書の体重と違います。');
  await status.getByRole('button', { name: '状態を変更する' }).click();
  const sent = page.getByRole('region', { name: '差し戻した項目' });
  await expect(sent).toContainText('2項目を差し戻しています');
  await expect(sent.getByRole('row')).toHaveCount(3);

  // The resident's list says two items are to be corrected; its button opens the review, which lists
  // the two with the notes; only they have a change link.
  await resident.goto('/municipalities/999999/applications');
  const card = resident.getByRole('listitem').filter({ has: resident.locator(`a[href*="${app.id}"]`) });
  await expect(card).toContainText('直してほしい項目は2件です');
  await card.getByRole('link', { name: /修正して再提出する/ }).click();
  await expect(resident.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  const list = resident.getByTestId('correction-list');
  await expect(list).toContainText('直してほしい項目（2件）');
  await expect(list).toContainText('市外局番から入力してください。');
  await expect(resident.getByRole('link', { name: /^変更/ })).toHaveCount(2);
  await expectNoAxeViolations(resident, 'review with fields to correct');

  // The phone: its page opens with that field open and the others read-only.
  await list.getByRole('link', { name: '電話番号' }).click();
  const phone = resident.getByRole('textbox', { name: /^電話番号/ });
  await expect(phone).toBeEditable();
  await expect(resident.getByRole('textbox', { name: /^氏（カナ）/ }).first()).not.toBeEditable();
  await expectNoAxeViolations(resident, 'form with one field open');
  await phone.fill('0311112222');
  await resident.getByRole('button', { name: '保存して確認画面に戻る' }).click();
  await expect(resident.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await resident.getByTestId('correction-list').getByRole('link', { name: '体重' }).click();
  const weight = resident.getByRole('textbox', { name: /^体重/ });
  await expect(weight).toBeEditable();
  await weight.fill('3100');
  await resident.getByRole('button', { name: '保存して確認画面に戻る' }).click();
  await expect(resident.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();

  // The attachments stay as sent; then the card signs the corrected application again.
  await resident.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await expect(resident.getByText('この添付書類は差し替える必要はありません。').first()).toBeVisible();
  await resident.getByRole('link', { name: '登録した書類を確認する' }).click();
  await resident.getByRole('button', { name: '確定して次へ' }).click();
  await signAndSend(resident, app.base, 1);
  await residentContext.close();

  // The clerk sees exactly the two values changed.
  await page.reload();
  await expect(sent).toContainText('差し戻した2項目のうち、2項目が変わりました。');
  await expect(sent.getByRole('row').filter({ hasText: '変更あり' })).toHaveCount(2);
  await expect(sent).toContainText('0311112222');
  await expectNoAxeViolations(page, 'what changed since the remand');
});
