// Side-by-side review (issue 32 item 5), as a clerk with the keyboard at 1280 px: an attachment opens in
// a pane beside the answers (both on screen at once, the pane staying in view while the page scrolls),
// titled by its slot; Esc closes it and focus returns to the button that opened it. At 1024 px the same
// button opens a dialog. A claim sent twice is compared with its duplicate in two columns, one item per
// row, the differing row marked in words. axe clean with the pane and the comparison open.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF, staffWrite } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';

interface Detail {
  id: string;
  reference_number: string;
  attachment_slots: { standard_item_code: string; name: string }[];
  attachments: { standard_item_code: string; file_name: string }[];
}

test('a clerk checks the answers against an attachment beside them and compares a duplicate', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const applications: string[] = [];
  for (let i = 0; i < 2; i++) {
    applications.push(await submittedByResident(browser, testInfo.project.use.baseURL));
  }

  await signInStaff(page, STAFF.clerkKodomo);
  const staffApi = new ResidentApi(page);
  const listed = await staffApi.get(`${M}/documents/?procedure_code=child_allowance&page_size=all`);
  const documents = listed.documents as { id: string; application_id: string }[];
  const documentOf = (id: string) => documents.find((d) => d.application_id === id)!;
  const [first, second] = [documentOf(applications[0]!), documentOf(applications[1]!)];
  // The second claim's phone number differs (a clerk's correction): the comparison must mark that row.
  await staffWrite(staffApi, second.id, `${M}/documents/${second.id}/`, {
    standard_item_fragments: [{ standard_item_code: 'applicant_phone', sequence: 1, value: '0311112222' }],
  });
  const own = (await staffApi.get(`${M}/documents/${second.id}/`)) as Detail;
  const other = (await staffApi.get(`${M}/documents/${first.id}/`)) as Detail;
  const file = own.attachments[0]!;
  const slot = own.attachment_slots.find((s) => s.standard_item_code === file.standard_item_code)!.name;

  await page.goto(`/staff/documents/${second.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `申請の詳細：${own.reference_number}` }),
  ).toBeVisible();
  const answers = page.getByRole('region', { name: '申請内容', exact: true });
  await expect(answers.getByRole('term').first()).toBeVisible();

  // Opened with the keyboard from the attachments list: a pane, not a dialog, focused, titled by slot.
  const opener = page.getByRole('button', { name: `${slot}（${file.file_name}） を表示` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const pane = page.getByRole('region', { name: `添付書類：${slot}` });
  await expect(pane).toBeVisible();
  await expect(pane).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pane.getByRole('heading', { level: 2, name: slot, exact: true })).toBeVisible();
  await expect(pane.getByText(file.file_name, { exact: false }).first()).toBeVisible();
  await expect(pane.getByRole('img', { name: `添付書類 ${slot}（${file.file_name}）` })).toBeVisible();

  // Beside the answers: answers left, the pane right, both on screen at the same height.
  await answers.scrollIntoViewIfNeeded();
  const a = (await answers.boundingBox())!;
  const p = (await pane.boundingBox())!;
  expect(a.x + a.width).toBeLessThanOrEqual(p.x);
  expect(p.x + p.width).toBeLessThanOrEqual(1280);
  expect(p.y).toBeLessThan(a.y + a.height);
  expect(a.y).toBeLessThan(p.y + p.height);
  expect(p.y + p.height).toBeLessThanOrEqual(900);
  // The page scrolls under the pane: the pane stays where it is.
  const before = p.y;
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => Math.round((await pane.boundingBox())!.y)).toBe(Math.round(before));
  await answers.scrollIntoViewIfNeeded();
  // Kept with the run's results, to look at the layout.
  await page.screenshot({ path: testInfo.outputPath('attachment-pane-1280.png') });
  await expectNoAxeViolations(page, 'document detail with the attachment pane open');

  // Zoom by keyboard and words; then Esc closes and focus is back on the opener.
  await pane.getByRole('button', { name: '拡大' }).press('Enter');
  await expect(pane.getByText('表示倍率：150%')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pane).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The answers' own button opens the first attachment beside them.
  await page.getByRole('button', { name: '添付書類を横に並べて表示' }).press('Enter');
  await expect(page.getByRole('region', { name: /^添付書類：/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '添付書類を横に並べて表示' })).toBeFocused();

  // At 1024 px the same button opens a dialog titled by the slot; Esc closes it and focus comes back.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('button', { name: '添付書類を横に並べて表示' })).toHaveCount(0);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${slot}`) });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('region', { name: /^添付書類：/ })).toHaveCount(0);
  await expect(dialog.getByRole('img')).toBeVisible();
  await expectNoAxeViolations(page, 'attachment dialog at 1024 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The duplicate, compared side by side from the duplicates alert (keyboard).
  await page.setViewportSize({ width: 1280, height: 900 });
  const compare = page
    .getByRole('alert')
    .filter({ hasText: '重複している可能性がある申請' })
    .getByRole('button', { name: `${other.reference_number} と並べて比較` });
  await compare.focus();
  await page.keyboard.press('Enter');
  const comparison = page.getByRole('dialog', {
    name: `申請内容の比較：${own.reference_number} と ${other.reference_number}`,
  });
  await expect(comparison).toBeVisible();
  const table = comparison.getByRole('table', {
    name: `${own.reference_number} と ${other.reference_number} の回答の比較`,
  });
  await expect(table.locator('thead').getByRole('columnheader')).toHaveText([
    '項目',
    `この申請${own.reference_number}`,
    `重複の可能性がある申請${other.reference_number}`,
    '比較',
  ]);
  // Two value columns side by side, one item per row; the changed phone number differs in words.
  const phone = table.getByRole('row').filter({ hasText: '0311112222' });
  await expect(phone).toHaveCount(1);
  await expect(phone.getByRole('cell')).toHaveCount(3);
  await expect(phone.getByRole('cell').nth(2)).toHaveText('異なる');
  const [c1, c2] = [
    (await phone.getByRole('cell').nth(0).boundingBox())!,
    (await phone.getByRole('cell').nth(1).boundingBox())!,
  ];
  expect(c1.x + c1.width).toBeLessThanOrEqual(c2.x + 1);
  expect(Math.abs(c1.y - c2.y)).toBeLessThan(2);
  await expect(table.getByRole('row').filter({ hasText: '同じ' }).first()).toBeVisible();
  await expect(comparison.getByRole('status')).toHaveText('1項目で回答が異なります。');
  await comparison.getByRole('checkbox', { name: '異なる項目だけ表示する' }).check();
  await expect(table.getByRole('row').filter({ hasText: '同じ' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('duplicate-comparison-1280.png') });
  await expectNoAxeViolations(page, 'document detail with the duplicate comparison open');

  // A link opens the other document.
  await comparison
    .getByRole('link', { name: `${other.reference_number} を開く` })
    .first()
    .press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: `申請の詳細：${other.reference_number}` }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
