// Bulk work (issue 16 item 3), as a clerk with a caseload: select documents in the list, change their
// status in one act (one refuses, the others change, and the result says why in words), then assign each
// one's current workflow step to a colleague, and export the selection as one zip; keyboard only in the
// dialogs, axe clean.
import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF, staffWrite } from './staff-support';
import { readZip } from './zip';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';

test('a clerk changes and assigns several documents in one act, with a result per document', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A resident sends three child allowance applications (each from a browser of its own: a sign-in each).
  const applications: string[] = [];
  for (let i = 0; i < 3; i++) {
    applications.push(await submittedByResident(browser, testInfo.project.use.baseURL));
  }

  await signInStaff(page, STAFF.clerkKodomo);
  const staffApi = new ResidentApi(page);
  const listed = await staffApi.get(`${M}/documents/?procedure_code=child_allowance&page_size=all`);
  const ours = applications.map((id) =>
    (listed.documents as { id: string; application_id: string; reference_number: string }[]).find(
      (d) => d.application_id === id,
    )!,
  );
  expect(ours.every(Boolean)).toBe(true);
  // The third was rejected meanwhile: the bulk move refuses it and changes the other two.
  await staffWrite(staffApi, ours[2]!.id, `${M}/documents/${ours[2]!.id}/status/`, {
    status: 'rejected',
    remand_message: '要件を満たしていないため',
  });

  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const table = page.getByRole('table', { name: '申請の一覧' });
  for (const d of ours) {
    await table.getByRole('checkbox', { name: `受付番号 ${d.reference_number} を選択` }).check();
  }
  await expect(page.getByText('3件を選択中')).toBeVisible();
  await expectNoAxeViolations(page, 'documents list with a selection');

  // The status dialog, by keyboard: focus the button, open, choose 処理中にする, run.
  await page.getByRole('button', { name: '状態を変更', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '選択した3件の状態を変更' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: '処理中にする' })).toBeChecked();
  await expectNoAxeViolations(page, 'bulk status dialog');
  await dialog.getByRole('button', { name: '実行する' }).focus();
  await page.keyboard.press('Enter');

  const result = page.getByRole('dialog', { name: '一括操作の結果' });
  await expect(result).toContainText('2件を変更しました。 1件は変更できませんでした。');
  await expect(result).toContainText(
    `${ours[2]!.reference_number}：「却下」の申請は、この状態に変更できません。`,
  );
  await expectNoAxeViolations(page, 'bulk result');
  await expect(result.getByRole('button', { name: '閉じる' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result).toBeHidden();
  // The selection is cleared and the list shows the new statuses.
  await expect(page.getByText('3件を選択中')).toHaveCount(0);
  for (const d of ours.slice(0, 2)) {
    await expect(table.getByRole('row').filter({ hasText: d.reference_number })).toContainText('処理中');
  }

  // Assign the two open ones' current step to the clerk themself.
  for (const d of ours.slice(0, 2)) {
    await table.getByRole('checkbox', { name: `受付番号 ${d.reference_number} を選択` }).check();
  }
  await page.getByRole('button', { name: '担当者を割り当て' }).click();
  const assign = page.getByRole('dialog', { name: '選択した2件の担当者を割り当て' });
  await assign.getByRole('combobox', { name: '担当者' }).click();
  await page.getByRole('option', { name: '伊藤 翔太' }).click();
  await assign.getByRole('button', { name: '実行する' }).click();
  await expect(result).toContainText('2件を変更しました。');
  await result.getByRole('button', { name: '閉じる' }).click();

  // Export the three as one zip: the CSV holds exactly those reference numbers.
  for (const d of ours) {
    await table.getByRole('checkbox', { name: `受付番号 ${d.reference_number} を選択` }).check();
  }
  await page.getByRole('button', { name: '選択を出力' }).click();
  const exporting = page.getByRole('dialog', { name: '選択した3件を出力' });
  await exporting.getByRole('button', { name: '出力を開始する' }).click();
  const zipButton = exporting.getByRole('button', { name: 'ZIPをダウンロード' });
  await expect(zipButton).toBeFocused({ timeout: 60_000 });
  await expectNoAxeViolations(page, 'bulk export dialog');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const entries = readZip(await readFile((await (await download).path())!));
  const csv = entries.find((e) => e.name.endsWith('.csv'));
  expect(csv, entries.map((e) => e.name).join(', ')).toBeDefined();
  const rows = csv!.data.toString('utf8').trim().split('\n').slice(1);
  expect(rows.map((r) => r.split(',')[0]!.replace(/"/g, '')).sort()).toEqual(
    ours.map((d) => d.reference_number).sort(),
  );
  await exporting.getByRole('button', { name: '閉じる' }).click();
  await expect(exporting).toBeHidden();

  // The document's history and workflow say who did it.
  await table.getByRole('link', { name: ours[0]!.reference_number, exact: true }).click();
  await expect(page.getByRole('region', { name: '変更履歴' })).toContainText('処理中');
  await expect(page.getByRole('region', { name: 'ワークフロー' })).toContainText('伊藤 翔太');
});
