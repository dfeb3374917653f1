// Issue 35 item 6 (decision 0053, addendum): an administrator reaches 「手続きごとの途中離脱」 from the staff
// navigation with the keyboard and reads, per procedure, a table of the steps with the counts the API
// gives (in 件) and their shares in words; axe 0 at 1280 and 390 px; a clerk has no link and is refused.
import type { Page } from '@playwright/test';
import { ProcedureFunnelList } from '../../packages/contracts/src/funnel';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const TITLE = '手続きごとの途中離脱';

/** Presses Tab until the named link has focus (at most `limit` times). */
async function tabTo(page: Page, name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`${name} was not reached with Tab`);
}

async function noOverflow(page: Page, label: string) {
  const wider = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wider, `${label}: the page is wider than the screen`).toBe(false);
}

test('administrators read where residents give up per procedure, by keyboard, axe 0', async ({ page }) => {
  await signInStaff(page, STAFF.adminShimin);
  await tabTo(page, TITLE);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0);

  // Every procedure of the municipality has its table, with the API's counts in 件.
  const { procedures } = ProcedureFunnelList.parse(
    await new ResidentApi(page).get('/api/municipalities/999999/funnel/'),
  );
  expect(procedures.length).toBeGreaterThan(0);
  for (const p of procedures) {
    // Within its group's section: two groups may each have a procedure of the same name (転入届).
    const table = page
      .getByRole('region', { name: p.procedure_group_name, exact: true })
      .getByRole('table', { name: `${p.name}：各段階まで進んだ申請` });
    await expect(table.getByRole('columnheader')).toHaveText([
      '段階',
      '件数',
      'この手続きを選んだ申請に対する割合',
    ]);
    const first = table.getByRole('row', { name: /^本人確認/ });
    await expect(first.getByRole('cell').first()).toHaveText(`${p.steps[0]!.reached}件`);
    await expect(first.getByRole('cell').nth(1)).toHaveText(p.steps[0]!.reached > 0 ? '100%' : 'なし');
    await expect(table.getByRole('row', { name: /^完了/ }).getByRole('cell').first()).toHaveText(
      `${p.steps[4]!.reached}件`,
    );
  }
  // Group headings name the procedure groups, not ids or codes.
  await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(/^\d+$/);
  await expectNoAxeViolations(page, 'funnel 1280');
  await noOverflow(page, 'funnel 1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoAxeViolations(page, 'funnel 390');
  await noOverflow(page, 'funnel 390');
});

test('a clerk has no link to it and is told it is for administrators', async ({ page }) => {
  await signInStaff(page, STAFF.clerkShimin);
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
  await page.goto('/staff/funnel');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('途中離脱の件数は管理者だけが見られます。');
  await expect(page.getByRole('table')).toHaveCount(0);
});
