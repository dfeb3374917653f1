// Decisions carry reasons (issue 32 item 2, decision 0037), at 1280 px: a clerk rejects one document and
// then two in bulk, each time asked for the reason and for a confirmation that names the consequence; the
// resident's list shows each as 却下 with the reason, never as 完了. Keyboard in the dialogs, axe clean.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, residentBrowser, signInResident, submitSignedIn } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const REASON = '児童手当の対象となるお子さんの年齢を過ぎているため、受け付けられません。';
const BULK_REASON = '同じ内容の申請がすでに受け付けられているため、受け付けられません。';

const YOSHIDA = { subject: 'demo-resident-0005', pin: '5678', name: '𠮷田 さくら' };
const YOSHIDA_FACTS = {
  registry: {
    last_name: '𠮷田',
    first_name: 'さくら',
    birth_date: '1996-02-14',
    sex: 'female',
    postal_code: '9999903',
    address: 'デモ県デモ市緑が丘二丁目8番1号',
  },
  names: {
    applicant_last_name: '𠮷田',
    applicant_first_name: 'さくら',
    applicant_last_name_kana: 'ヨシダ',
    applicant_first_name_kana: 'サクラ',
  },
};

test('a clerk rejects with a reason, alone and in bulk; the resident reads 却下 and the reason', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // The resident sends three child allowance applications from a browser of their own.
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const residentPage = await residentContext.newPage();
  // A resident no other spec signs in as: another journey's page would read (and so hide) their news.
  const residentApi = await signInResident(residentPage, YOSHIDA);
  const applications: string[] = [];
  for (let i = 0; i < 3; i++)
    applications.push(await submitSignedIn(residentApi, 'child_allowance', YOSHIDA_FACTS));
  const references = await Promise.all(applications.map((id) => residentApi.referenceOf(id)));

  await signInStaff(page, STAFF.clerkKodomo);
  const staffApi = new ResidentApi(page);
  const listed = (await staffApi.get(
    '/api/municipalities/999999/documents/?procedure_code=child_allowance&page_size=all',
  )) as { documents: { id: string; reference_number: string }[] };
  const idOf = (reference: string) => listed.documents.find((d) => d.reference_number === reference)!.id;

  // One document: 却下 asks for the reason first, then for a confirmation naming the consequence.
  await page.goto(`/staff/documents/${idOf(references[0]!)}`);
  const status = page.getByRole('region', { name: '状態の変更' });
  await status.getByRole('radio', { name: '却下する' }).check();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  const reason = status.getByRole('textbox', { name: '却下の理由' });
  await expect(reason).toBeFocused();
  await expect(status).toContainText('却下するときは、却下の理由を入力してください。');
  await reason.fill(REASON);
  await status.getByRole('button', { name: '状態を変更する' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'この申請を却下しますか' });
  await expect(confirm).toContainText(
    '却下すると、元に戻せません。申請者には、却下したことと次の理由が通知されます。',
  );
  await expect(confirm.getByTestId('decision-reason')).toHaveText(REASON);
  // The safe choice has the focus; going back keeps the reason.
  await expect(confirm.getByRole('button', { name: '戻る' })).toBeFocused();
  await expectNoAxeViolations(page, 'reject confirmation');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(reason).toHaveValue(REASON);
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await confirm.getByRole('button', { name: '却下する' }).click();
  await expect(confirm).toBeHidden();
  await expect(status.getByTestId('rejection-reason')).toContainText(REASON);
  await expect(page.getByRole('region', { name: '変更履歴' })).toContainText(`却下の理由：${REASON}`);
  await expectNoAxeViolations(page, 'rejected document');

  // Two in bulk, by keyboard in the dialogs.
  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const table = page.getByRole('table', { name: '申請の一覧' });
  for (const reference of references.slice(1)) {
    await table.getByRole('checkbox', { name: `受付番号 ${reference} を選択` }).check();
  }
  await page.getByRole('button', { name: '状態を変更', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '選択した2件の状態を変更' });
  await dialog.getByRole('radio', { name: '却下する' }).check();
  await dialog.getByRole('button', { name: '実行する' }).click();
  const bulkReason = dialog.getByRole('textbox', { name: '却下の理由' });
  await expect(bulkReason).toBeFocused();
  await expect(dialog).toContainText('却下するときは、却下の理由を入力してください。');
  await expectNoAxeViolations(page, 'bulk reject with its reason missing');
  await bulkReason.fill(BULK_REASON);
  await dialog.getByRole('button', { name: '実行する' }).focus();
  await page.keyboard.press('Enter');
  const bulkConfirm = page.getByRole('dialog', { name: '選択した2件を却下しますか' });
  await expect(bulkConfirm).toContainText('元に戻せません');
  await expect(bulkConfirm.getByTestId('decision-reason')).toHaveText(BULK_REASON);
  await expectNoAxeViolations(page, 'bulk reject confirmation');
  await bulkConfirm.getByRole('button', { name: '2件を却下する' }).focus();
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: '一括操作の結果' });
  await expect(result).toContainText('2件を変更しました。');
  await result.getByRole('button', { name: '閉じる' }).click();
  for (const reference of references.slice(1)) {
    await expect(table.getByRole('row').filter({ hasText: reference })).toContainText('却下');
  }

  // The news on the municipality's home page (before the list, which marks it read) gives the reason.
  await residentPage.goto('/municipalities/999999');
  const notices = residentPage.getByTestId('notices');
  await expect(notices).toContainText('却下の理由');
  await expect(notices).toContainText(BULK_REASON);

  // The resident's list: 却下 with the reason, not green 完了, not 「手続きはすべて終わりました」.
  await residentPage.goto('/municipalities/999999/applications');
  const list = residentPage.getByTestId('application-list');
  for (const [i, reference] of references.entries()) {
    const card = list
      .getByRole('listitem')
      .filter({ has: residentPage.getByTestId('application-status') })
      .filter({ hasText: `受付番号：${reference}` });
    await expect(card.getByTestId('application-status')).toHaveText('却下');
    await expect(card.getByTestId('rejection-reasons')).toContainText(i === 0 ? REASON : BULK_REASON);
    await expect(card).toContainText('（却下）');
    await expect(card).not.toContainText('手続きはすべて終わりました');
  }
  await expectNoAxeViolations(residentPage, 'resident list with rejections');

  // The completion page of a rejected application says so, with the reason: no success banner.
  await residentPage.goto(`/municipalities/999999/applications/${applications[0]}/complete`);
  const banner = residentPage.getByTestId('complete-banner');
  await expect(banner.getByRole('heading', { level: 2 })).toHaveText('申請は却下されました');
  await expect(banner.getByTestId('complete-rejections')).toContainText(REASON);
  await expect(banner).not.toContainText('完了しました');
  await expectNoAxeViolations(residentPage, 'completion of a rejected application');

  await residentContext.close();
});
