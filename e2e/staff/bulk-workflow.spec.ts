// Batch work on workflows (issue 32 item 4, decision 0039), at 1280 px: a clerk selects 20 received
// documents and starts, then approves, their current workflow step in two bulk acts (each document moves
// to 処理中 with the first start), with a result per document; the list's 担当者 column and 「自分の担当」
// filter; the step on the detail says who approved it and when; axe on the list screen.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { residentBrowser, ResidentApi, signInResident, submitSignedIn } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';
const COUNT = 20;

test('a clerk moves the workflow of 20 documents in bulk, sees 担当者 and filters 自分の担当', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  // A resident sends 20 child allowance applications, from one sign-in of their own browser.
  const context = await residentBrowser(browser, testInfo.project.use.baseURL);
  const applications: string[] = [];
  try {
    const resident = await signInResident(await context.newPage());
    for (let i = 0; i < COUNT; i++) applications.push(await submitSignedIn(resident));
  } finally {
    await context.close();
  }

  await signInStaff(page, STAFF.clerkKodomo);
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=child_allowance&page_size=all`,
  );
  const ours = applications.map((id) =>
    (listed.documents as { id: string; application_id: string; reference_number: string }[]).find(
      (d) => d.application_id === id,
    )!,
  );
  expect(ours.every(Boolean)).toBe(true);

  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const table = page.getByRole('table', { name: '申請の一覧' });
  await expect(table.getByRole('columnheader', { name: '担当者' })).toBeVisible();
  const row = (reference: string) => table.getByRole('row').filter({ hasText: reference });
  const selectOurs = async (docs = ours) => {
    for (const d of docs) {
      await table.getByRole('checkbox', { name: `受付番号 ${d.reference_number} を選択` }).check();
    }
    await expect(page.getByText(`${docs.length}件を選択中`)).toBeVisible();
  };
  // Received and unassigned: 未割当て in the 担当者 column.
  await expect(row(ours[0]!.reference_number)).toContainText('受付');
  await expect(row(ours[0]!.reference_number)).toContainText('未割当て');

  // Start the current step of the 20, by keyboard in the dialog.
  await selectOurs();
  await page.getByRole('button', { name: 'ワークフローを進める' }).click();
  const dialog = page.getByRole('dialog', { name: `選択した${COUNT}件のワークフローを進める` });
  await expect(dialog).toBeVisible();
  const start = dialog.getByRole('radio', { name: '開始する' });
  await start.focus();
  await page.keyboard.press('Space');
  await expect(start).toBeChecked();
  await expectNoAxeViolations(page, 'bulk workflow dialog');
  await dialog.getByRole('button', { name: '実行する' }).focus();
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: '一括操作の結果' });
  await expect(result.getByRole('alert')).toHaveText(`${COUNT}件を変更しました。`);
  await expect(result).toContainText(`${ours[0]!.reference_number}：1. 受付：作業中`);
  await expect(result.getByRole('button', { name: '閉じる' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result).toBeHidden();
  // Each received document followed its first step to 処理中 (decision 0039).
  for (const d of ours) await expect(row(d.reference_number)).toContainText('処理中');

  // Approve the 20 (the dialog's first choice is 承認する).
  await selectOurs();
  await page.getByRole('button', { name: 'ワークフローを進める' }).click();
  await expect(dialog.getByRole('radio', { name: '承認する' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'メモ（任意）' }).fill('一括で受付を確認しました');
  await dialog.getByRole('button', { name: '実行する' }).click();
  await expect(result.getByRole('alert')).toHaveText(`${COUNT}件を変更しました。`);
  for (const d of ours) {
    await expect(result).toContainText(`${d.reference_number}：1. 受付：承認済み`);
  }
  await expectNoAxeViolations(page, 'bulk workflow result');
  await result.getByRole('button', { name: '閉じる' }).click();

  // Approving again would approve step 2 before it started: refused per document, in words.
  await selectOurs(ours.slice(0, 1));
  await page.getByRole('button', { name: 'ワークフローを進める' }).click();
  await page
    .getByRole('dialog', { name: '選択した1件のワークフローを進める' })
    .getByRole('button', { name: '実行する' })
    .click();
  await expect(result).toContainText('変更できた申請はありませんでした。');
  await expect(result).toContainText(
    `${ours[0]!.reference_number}：いまの段階（2. 審査：未着手）には、この操作はできません。`,
  );
  await result.getByRole('button', { name: '閉じる' }).click();

  // Two of them are given to the clerk: the 担当者 column names them.
  const mine = ours.slice(0, 2);
  await selectOurs(mine);
  await page.getByRole('button', { name: '担当者を割り当て' }).click();
  const assign = page.getByRole('dialog', { name: '選択した2件の担当者を割り当て' });
  await assign.getByRole('combobox', { name: '担当者' }).click();
  await page.getByRole('option', { name: '伊藤 翔太' }).click();
  await assign.getByRole('button', { name: '実行する' }).click();
  await expect(result).toContainText('2件を変更しました。');
  await result.getByRole('button', { name: '閉じる' }).click();
  for (const d of mine) await expect(row(d.reference_number)).toContainText('伊藤 翔太');
  await expect(row(ours[2]!.reference_number)).toContainText('未割当て');
  await expectNoAxeViolations(page, 'documents list with the 担当者 column');

  // 「自分の担当」, ticked with the keyboard: only the two are listed of ours.
  const filter = page.getByRole('checkbox', { name: '自分の担当' });
  await expect(filter).toHaveAccessibleDescription('いま進める段階の担当者が自分の申請だけを表示します');
  await filter.focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/assigned_to_me=true/);
  for (const d of mine) await expect(row(d.reference_number)).toContainText('伊藤 翔太');
  for (const d of ours.slice(2)) await expect(row(d.reference_number)).toHaveCount(0);
  await expectNoAxeViolations(page, 'documents list filtered to 自分の担当');

  // The detail: the step says who approved it and when.
  await table.getByRole('link', { name: mine[0]!.reference_number, exact: true }).click();
  const workflow = page.getByRole('region', { name: 'ワークフロー' });
  await expect(workflow).toContainText(/承認：伊藤 翔太（\d{1,2}月\d{1,2}日 \d{2}:\d{2}）/);
  await expect(workflow).toContainText('一括で受付を確認しました');
});
