// axe (WCAG 2.2 AA rules) on every staff screen at desktop and phone widths, signed in and not.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { submitApplication } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

// A step that cannot happen fails within seconds, naming the step, instead of at the test's time-out.
test.use({ actionTimeout: 15_000 });

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function newContext(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', reducedMotion: 'reduce' });
}

async function check(page: Page, path: string, heading: string | RegExp, label: string) {
  await page.goto(`/staff${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0);
  await expectNoAxeViolations(page, label);
  // Nothing wider than the screen (wide tables scroll inside their own region).
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}`);
  });
  expect(overflow, `${label}: elements wider than the page`).toEqual([]);
  // A picture of each screen, to look at (test-results/.../<label>.png).
  await page.screenshot({
    path: test.info().outputPath(`${label.replace(/[^\w]+/g, '-')}.png`),
    fullPage: true,
  });
}

test('every staff screen passes axe at 1280 and 390 px', async ({ page, browser }, testInfo) => {
  test.setTimeout(360_000);
  const resident = await newContext(browser, testInfo.project.use.baseURL);
  await submitApplication(await resident.newPage());
  await resident.close();

  await signInStaff(page, STAFF.adminKodomo);
  // The list as loaded (under load the first answer can be slow; a reload asks again).
  const link = page.getByRole('table', { name: '申請の一覧' }).getByRole('link').first();
  await expect
    .poll(
      async () => {
        await page.goto('/staff/documents?procedure_code=child_allowance');
        await expect(page.getByRole('heading', { level: 1, name: '申請一覧' })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0, {
          timeout: 30_000,
        });
        return link.count();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: /申請の詳細：/ })).toBeVisible();
  const detailPath = new URL(page.url()).pathname.replace(/^\/staff/, '');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const at = `${viewport.width}px`;
    await check(page, '/', 'ダッシュボード', `dashboard ${at}`);
    await check(page, '/documents', '申請一覧', `documents ${at}`);
    await check(page, '/documents?status=completed&text=該当なし', '申請一覧', `documents, empty ${at}`);
    await check(page, detailPath, /申請の詳細：/, `document detail ${at}`);
    // The remand form and the attachments viewer.
    await page.getByRole('radio', { name: /差し戻す/ }).check();
    await page.getByRole('button', { name: '状態を変更する' }).click();
    await expectNoAxeViolations(page, `detail, remand message missing ${at}`);
    const view = page.getByRole('button', { name: /を表示$/ }).first();
    if (await view.count()) {
      await view.click();
      // From 1280 px the attachment opens in a pane beside the answers, below in a dialog (issue 32).
      const viewer =
        viewport.width >= 1280 ? page.getByRole('region', { name: /^添付書類：/ }) : page.getByRole('dialog');
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('img')).toBeVisible();
      await expectNoAxeViolations(page, `attachments viewer ${at}`);
      await viewer.getByRole('button', { name: '閉じる' }).click();
    }
    await page.getByRole('button', { name: '申請内容を修正する' }).click();
    await expectNoAxeViolations(page, `detail, editing answers ${at}`);
    await check(page, '/exports', 'データの出力', `exports ${at}`);
    await check(page, '/accounts', '職員アカウント', `accounts ${at}`);
    await check(page, '/invitations', '職員の招待', `invitations ${at}`);
    await check(page, '/audit-log', '操作履歴', `audit log ${at}`);
  }

  // The screens without sign-in, in a browser that is not signed in.
  const guest = await newContext(browser, testInfo.project.use.baseURL);
  const other = await guest.newPage();
  for (const viewport of VIEWPORTS) {
    await other.setViewportSize(viewport);
    const at = `${viewport.width}px`;
    await check(other, '/login', '職員サインイン', `sign-in ${at}`);
    await check(other, '/password-reset', 'パスワードの再設定', `password reset request ${at}`);
    // A link that cannot be used (decision 0044: a token is exchanged once, as the page opens).
    await check(
      other,
      '/password-reset?token=abcdefghijklmnopqrstuvwxyz&municipality=999999',
      'パスワードの再設定',
      `password reset, unusable link ${at}`,
    );
    await expect(other.getByText('この再設定リンクは使えません')).toBeVisible();
    // A real mailed link (each opening needs a new one), its form sent empty.
    await other.getByRole('link', { name: '再設定のリンクをもう一度送る' }).click();
    await other.getByRole('textbox', { name: 'メールアドレス' }).fill(STAFF.viewerKodomo);
    await other.getByRole('button', { name: '再設定のリンクを送る' }).click();
    await expect(other.getByText('再設定のリンクを送りました')).toBeVisible();
    await other.goto(`/dev/outbox?to=${encodeURIComponent(STAFF.viewerKodomo)}`);
    await other
      .getByRole('article')
      .filter({ has: other.getByRole('heading', { name: /パスワード再設定のご案内/ }) })
      .first()
      .getByRole('link')
      .first()
      .click();
    await expect(other.getByText('パスワードの条件')).toBeVisible();
    await expectNoAxeViolations(other, `password reset ${at}`);
    await other.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await expect(other.getByText('パスワードの条件を満たしていません。')).toBeVisible();
    await expectNoAxeViolations(other, `password reset, errors ${at}`);
    await check(
      other,
      '/accounts/new?token=abcdefghijklmnopqrstuvwxyz&municipality=999999',
      'アカウントの登録',
      `invitation, invalid link ${at}`,
    );
  }
  await guest.close();
});

test('a viewer sees what they cannot do, with the reason', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const resident = await newContext(browser, testInfo.project.use.baseURL);
  await submitApplication(await resident.newPage());
  await resident.close();
  await signInStaff(page, STAFF.viewerKodomo);
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(nav.getByRole('link', { name: '職員アカウント' })).toHaveCount(0);
  await nav.getByRole('link', { name: '申請一覧' }).click();
  await expect(page.getByRole('button', { name: /選択した申請を削除/ })).toHaveCount(0);
  await page.getByRole('table', { name: '申請の一覧' }).getByRole('link').first().click();
  await expect(page.getByText('閲覧権限のため、状態は変更できません。')).toBeVisible();
  await expect(page.getByRole('button', { name: '状態を変更する' })).toBeDisabled();
  await expect(page.getByText('ワークフローを進められるのは、管理者と担当課の職員です。')).toBeVisible();
  await expect(page.getByRole('button', { name: '申請内容を修正する' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'detail as a viewer');
  await page.getByRole('link', { name: 'データの出力' }).first().click();
  await expect(page.getByText('閲覧権限のため、データは出力できません。')).toBeVisible();
  await expect(page.getByRole('button', { name: '出力を開始する' })).toBeDisabled();
  // The server still refuses when the screen is bypassed, and the screen says so.
  await page.goto('/staff/accounts');
  await expect(page.getByText('この画面は管理者だけが使えます。')).toBeVisible();
});
