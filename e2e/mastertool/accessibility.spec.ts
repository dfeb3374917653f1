// axe (WCAG 2.2 AA rule set) on every master-tool screen, at desktop and phone widths.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, GROUP, test } from '../support/fixtures';
import { signInOperator, withCode } from './support';

const base = `/mastertool/municipalities/${DEMO}`;
const screens: { path: string; heading: string }[] = [
  { path: '/mastertool/', heading: '自治体一覧' },
  { path: base, heading: 'デモ市の反映の管理' },
  { path: `${base}/material-templates`, heading: 'デモ市の素材テンプレート' },
  { path: `${base}/reference-data`, heading: 'デモ市の参照データ' },
  { path: `${base}/procedure-groups/${GROUP}/edit`, heading: '出生・子育ての編集' },
  { path: `${base}/procedure-groups/${GROUP}/preview`, heading: '出生・子育てのプレビュー' },
  { path: `${base}/procedure-groups/${GROUP}/reflect`, heading: '出生・子育ての差分の確認と反映' },
];

/** Full-page pictures to look at, only when asked (E2E_SHOTS=1): the editor's are tall and slow to take. */
async function picture(page: Page, name: string) {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const width of [1280, 390]) {
  test(`every master-tool screen passes axe at ${width} px`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.goto('/mastertool/login');
    await expect(page.getByRole('heading', { level: 1, name: 'マスターツール サインイン' })).toBeVisible();
    await expectNoAxeViolations(page, `sign-in at ${width}`);
    await signInOperator(page);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0);
      await expectNoAxeViolations(page, `${screen.path} at ${width}`);
      await picture(page, `mastertool-${width}${screen.path.replaceAll('/', '_')}`);
    }
    // Every tab of the editor, and an open question.
    await page.goto(`${base}/procedure-groups/${GROUP}/edit`);
    for (const tab of ['標準項目', '手続き', '添付書類', 'コンシェルジュ', 'ルール', 'ワークフロー・帳票']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      if (tab === 'コンシェルジュ') await page.getByRole('button', { name: /^住所地/ }).click();
      if (tab === '標準項目') await page.getByRole('button', { name: withCode('child_sex') }).click();
      await expectNoAxeViolations(page, `editor tab ${tab} at ${width}`);
      await picture(page, `mastertool-${width}-editor-${tab}`);
    }
    // The staging applicant area with its banner.
    await page.goto(`/stg/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
    await expect(page.getByTestId('staging-banner')).toBeVisible();
    await expectNoAxeViolations(page, `staging filter at ${width}`);
    await picture(page, `mastertool-${width}-staging-filter`);
  });
}
