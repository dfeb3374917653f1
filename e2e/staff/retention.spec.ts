// Retention (issue 34 item 4, decision 0052), as the child-care administrator with a new child allowance:
// the document's summary shows 「保存期限」 (in process: counted from the finish), a rejection gives the
// date, a legal hold with its reason shows 「法的保留中」 and is released again. axe clean throughout.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF, staffWrite } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';

test('an administrator reads 保存期限 and places and releases a legal hold', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const applicationId = await submittedByResident(browser, testInfo.project.use.baseURL);

  await signInStaff(page, STAFF.adminKodomo);
  const api = new ResidentApi(page);
  const listed = (await api.get(`${M}/documents/?procedure_code=child_allowance&page_size=all`)) as {
    documents: { id: string; application_id: string }[];
  };
  const documentId = listed.documents.find((d) => d.application_id === applicationId)!.id;

  await page.goto(`/staff/documents/${documentId}`);
  const summary = page.getByRole('region', { name: '概要' });
  await expect(summary.getByText('保存期限', { exact: true })).toBeVisible();
  await expect(summary.getByTestId('retention-until')).toHaveText(
    '処理が終わってから5年（処理中は廃棄しません）',
  );
  await expect(summary).toContainText('既定の保存期間：5年');
  await expectNoAxeViolations(page, 'document with its retention while in process');

  // Rejected: the date, five years on.
  await staffWrite(api, documentId, `${M}/documents/${documentId}/status/`, {
    status: 'rejected',
    remand_message: '要件を満たしていないため',
  });
  await page.reload();
  const year = new Date().getFullYear() + 5;
  await expect(summary.getByTestId('retention-until')).toContainText(`${year}/`);
  await expect(summary.getByTestId('retention-until')).toContainText('まで');

  // A legal hold needs a reason, then keeps the document: 保存期限 reads 法的保留中.
  const retention = page.getByRole('region', { name: '保存期限と法的保留' });
  await retention.getByRole('button', { name: '法的保留を設定する' }).click();
  await expect(retention.getByText('理由を入力してください。')).toBeVisible();
  await retention.getByRole('textbox', { name: '理由' }).fill('訴訟の証拠として保全');
  await retention.getByRole('button', { name: '法的保留を設定する' }).click();
  await expect(page.getByText('法的保留を設定しました。')).toBeVisible();
  await expect(summary.getByTestId('retention-until')).toHaveText('法的保留中');
  await expect(retention.getByTestId('legal-hold')).toContainText('理由：訴訟の証拠として保全');
  await expectNoAxeViolations(page, 'document on legal hold');

  await retention.getByRole('textbox', { name: '理由' }).fill('訴訟が終結したため');
  await retention.getByRole('button', { name: '法的保留を解除する' }).click();
  await expect(page.getByText('法的保留を解除しました。')).toBeVisible();
  await expect(summary.getByTestId('retention-until')).toContainText(`${year}/`);

  // In English: "Retain until".
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('Retain until', { exact: true })).toBeVisible();
});
