// Duplicates (issue 16 item 5, decision 0021), as a clerk: a resident sends the same child allowance
// claim twice; the list flags both with a link to the other, the detail names the other one (keyboard
// only), and once the clerk rejects one, the other is no longer flagged. axe clean throughout.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF, staffWrite } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';

test('a clerk sees the same claim sent twice flagged, compares and settles it', async ({
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
  const [first, second] = applications.map((id) =>
    (listed.documents as { id: string; application_id: string; reference_number: string }[]).find(
      (d) => d.application_id === id,
    )!,
  ) as unknown as [{ id: string; reference_number: string }, { id: string; reference_number: string }];

  // The list: both rows say 重複の可能性, a link to a duplicate (other tests' claims by the same demo
  // resident may be older, so the link names the oldest open one).
  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const table = page.getByRole('table', { name: '申請の一覧' });
  for (const d of [first, second]) {
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: d.reference_number })
        .getByRole('link', { name: /^重複の可能性（\d{4}-\d{6}）$/ }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page, 'documents list with duplicates');

  // The second's detail, by keyboard: its alert lists the first.
  const link = table.getByRole('link', { name: second.reference_number, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: `申請の詳細：${second.reference_number}` }),
  ).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: '重複している可能性がある申請' });
  await expect(alert).toBeVisible();
  const toFirst = alert.getByRole('link', { name: first.reference_number, exact: true });
  await expect(toFirst).toBeVisible();
  await expectNoAxeViolations(page, 'document detail with duplicates');
  await toFirst.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: `申請の詳細：${first.reference_number}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: '重複している可能性がある申請' }).getByRole('link', {
      name: second.reference_number,
      exact: true,
    }),
  ).toBeVisible();

  // The clerk rejects the first as the duplicate: the second no longer lists it.
  await staffWrite(staffApi, first.id, `${M}/documents/${first.id}/status/`, {
    status: 'rejected',
    remand_message: '要件を満たしていないため',
  });
  await page.goto(`/staff/documents/${second.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `申請の詳細：${second.reference_number}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: first.reference_number, exact: true })).toHaveCount(0);
});
