// Deadlines (issue 16 item 4, decision 0019), as a clerk with a new child allowance: the dashboard counts
// overdue documents per department, the list shows each document's deadline in words, sorts by it from
// the keyboard and filters the overdue ones; the detail names the deadline day. axe clean throughout.
// The server's clock is real, so no document is ever overdue here (the API tests move the clock); a
// browser clock 40 days on shows how the list words an overdue document.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';
const DAY = 86_400_000;

test('a clerk reads, sorts and filters documents by their deadline', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  // A resident sends a child allowance claim: 30 processing days (demo data).
  const applicationId = await submittedByResident(browser, testInfo.project.use.baseURL);

  await signInStaff(page, STAFF.clerkKodomo);
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=child_allowance&page_size=all`,
  );
  const ours = (
    listed.documents as { application_id: string; reference_number: string; due_at: string }[]
  ).find((d) => d.application_id === applicationId)!;
  expect(ours.due_at).not.toBeNull();

  // The dashboard: overdue documents per department, each a link into the filtered list.
  const overdueHeading = page.getByRole('heading', { level: 2, name: '処理期限を過ぎた申請（担当課別）' });
  await expect(overdueHeading).toBeVisible();
  await expect(page.getByText('処理期限を過ぎた申請はありません。')).toBeVisible();
  const overdueList = page.getByRole('list', { name: '処理期限を過ぎた申請（担当課別）' });
  const kodomo = overdueList.getByRole('link', { name: /こども家庭課\s*0件/ });
  await expect(kodomo).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with overdue counts');

  // The list: a 処理期限 column, in words. A claim received today has 30 days left (29 after midnight).
  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const table = page.getByRole('table', { name: '申請の一覧' });
  await expect(table.getByRole('columnheader', { name: /処理期限/ })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: ours.reference_number });
  await expect(row).toContainText(/あと(29|30)日/);
  await expectNoAxeViolations(page, 'documents list with the deadline column');

  // Sorted by deadline from the keyboard: nearest first, then the other way.
  const sortButton = table.getByRole('columnheader', { name: /処理期限/ }).getByRole('button');
  await sortButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=due_at/);
  await expect(table.getByRole('columnheader', { name: /処理期限/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(sortButton).toContainText('昇順に並んでいます');
  // Nearest first: days left never decrease down the page, and documents without a deadline come last.
  await expect(async () => {
    const cells = await table.evaluate((t) => {
      const column = [...t.querySelectorAll('thead th')].findIndex((th) =>
        th.textContent?.includes('処理期限'),
      );
      return [...t.querySelectorAll('tbody tr')].map((r) => (r.children[column]?.textContent ?? '').trim());
    });
    const rank = (text: string) =>
      text.startsWith('—')
        ? Infinity
        : text === '今日まで'
          ? 0
          : Number(/あと(\d+)日/.exec(text)?.[1] ?? NaN);
    const ranks = cells.map(rank);
    expect(
      ranks.every((r) => !Number.isNaN(r)),
      cells.join(' / '),
    ).toBe(true);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  }).toPass({ timeout: 10_000 });
  await sortButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=-due_at/);
  await expect(table.getByRole('columnheader', { name: /処理期限/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // Overdue only, ticked with the keyboard and searched: nothing is overdue on the server today.
  const filter = page.getByRole('checkbox', { name: '期限超過のみ' });
  await expect(filter).toHaveAccessibleDescription('処理期限を過ぎた申請だけを表示します');
  await filter.focus();
  await page.keyboard.press('Space');
  await expect(filter).toBeChecked();
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(page.getByRole('status').filter({ hasText: '条件に合う申請: 0件' })).toBeVisible();
  await expect(table).toContainText('条件に合う申請はありません。');
  await expectNoAxeViolations(page, 'documents list filtered to overdue');
  // The dashboard's link leads to the same filter, for the department, nearest deadline first.
  await page.goto('/staff');
  await kodomo.click();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(page).toHaveURL(/sort=due_at/);
  await expect(page.getByRole('checkbox', { name: '期限超過のみ' })).toBeChecked();

  // The detail names the deadline day and how it is counted.
  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  await table.getByRole('row').filter({ hasText: ours.reference_number }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /申請の詳細：/ })).toBeVisible();
  const summary = page.getByRole('region', { name: '概要' });
  await expect(summary).toContainText(/処理期限\d{4}\/\d{2}\/\d{2}まで（あと(29|30)日）/);
  await expect(summary).toContainText('差し戻し中の申請と、処理が終わった申請には期限はありません。');
  await expectNoAxeViolations(page, 'document detail with its deadline');

  // With the browser's clock 40 days on, the same row words the days overdue (an icon only repeats it).
  await page.clock.setFixedTime(new Date(Date.now() + 40 * DAY));
  await page.goto('/staff/documents?procedure_code=child_allowance&page_size=100');
  const late = table.getByRole('row').filter({ hasText: ours.reference_number });
  await expect(late).toContainText(/(10|11)日超過/);
  await expectNoAxeViolations(page, 'documents list with an overdue document');
});
