// Residents are never stranded (issue 11): an unknown municipality or path answers 404 with a page of the
// applicant layout; a sign-in that did not complete ends on a page in the resident's language with the
// way forward; signing in works from the other loopback name than PUBLIC_URL's.
import {
  completeIdentityProvider,
  DEMO,
  expect,
  expectNoAxeViolations,
  expectTitle,
  test,
} from '../support/fixtures';

const widths = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
];

for (const size of widths) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('an unknown municipality answers 404 with a page that says so, the path and the way to the top', async ({
      page,
    }) => {
      const response = await page.goto('/municipalities/123456');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '自治体が見つかりません' })).toBeVisible();
      await expect(
        page.getByText('自治体コード「123456」の自治体は、このポータルにありません。'),
      ).toBeVisible();
      await expect(page.getByTestId('not-found-path')).toHaveText('開いたアドレス：/municipalities/123456');
      await expectTitle(page, '自治体が見つかりません | オンライン申請ポータル');
      // No server text, no retry, no empty municipality name in the header.
      await expect(page.getByText(/詳細|not found/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'もう一度読み込む' })).toHaveCount(0);
      await expect(page.getByTestId('system-bar')).toHaveText('自治体の公式オンライン申請サービス');
      await expectNoAxeViolations(page, `unknown municipality (${size.label})`);

      // The same below it, e.g. a link to the applications of a municipality that does not exist.
      const below = await page.goto('/municipalities/123456/conciergeFilter?procedure_group_id=1');
      expect(below?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '自治体が見つかりません' })).toBeVisible();
      await expectNoAxeViolations(page, `unknown municipality, a page below it (${size.label})`);

      await page.getByRole('link', { name: 'トップページへ戻る' }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}`);
      await expect(page.getByTestId('system-bar')).toHaveText('デモ市の公式オンライン申請サービス');
    });

    test('an unknown path answers 404 with the not-found page and its path', async ({ page }) => {
      const response = await page.goto('/no/such/page?x=1');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
      await expect(page.getByTestId('not-found-path')).toHaveText('開いたアドレス：/no/such/page');
      const screen = await page.goto(`/municipalities/${DEMO}/nothing`);
      expect(screen?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
      await expectNoAxeViolations(page, `unknown path (${size.label})`);
      // A known page of a known municipality is 200.
      expect((await page.goto(`/municipalities/${DEMO}`))?.status()).toBe(200);
    });

    test('cancelling at the identity provider ends on the sign-in failure page, and signing in again returns to the page', async ({
      page,
    }) => {
      await page.goto(`/municipalities/${DEMO}/applications`);
      await page.waitForURL(/\/dev\/idp\//);
      await expectNoAxeViolations(page, `identity provider stand-in (${size.label})`);
      await page.getByRole('button', { name: '中止してポータルに戻る' }).click();
      await expect(page).toHaveURL(new RegExp(`/municipalities/${DEMO}/signin-failed\\?reason=cancelled`));
      await expect(page.getByRole('heading', { level: 1, name: 'サインインできませんでした' })).toBeVisible();
      await expect(
        page.getByText('マイナンバーカードによる本人確認を中止したため、サインインしていません。'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'デモ市のトップページへ戻る' })).toBeVisible();
      await expect(page.getByText(/errors|access_denied/)).toHaveCount(0);
      await expectNoAxeViolations(page, `sign-in cancelled (${size.label})`);

      await page.getByRole('button', { name: 'もう一度サインインする' }).click();
      await completeIdentityProvider(page);
      await expect(page).toHaveURL(`/municipalities/${DEMO}/applications`);
      await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
      await expectNoAxeViolations(page, `applications after signing in again (${size.label})`);
    });

    test('the sign-in failure page in English when English is chosen', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('portal.language', 'en'));
      await page.goto(`/municipalities/${DEMO}/applications`);
      await page.waitForURL(/\/dev\/idp\//);
      await page.getByRole('button', { name: '中止してポータルに戻る' }).click();
      await expect(page).toHaveURL(/\/signin-failed\?reason=cancelled/);
      await expect(page.getByRole('heading', { level: 1, name: 'You could not be signed in' })).toBeVisible();
      await expect(page.getByText('You stopped the identification with your My Number Card')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Back to the .+ top page$/ })).toBeVisible();
      await expectNoAxeViolations(page, `sign-in cancelled (English, ${size.label})`);

      // The unknown municipality too.
      expect((await page.goto('/municipalities/123456'))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Municipality not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to the top page' })).toBeVisible();
      await expectNoAxeViolations(page, `unknown municipality (English, ${size.label})`);
    });

    test('a callback without a sign-in in progress in this browser ends on a page, not on the server’s answer', async ({
      page,
    }) => {
      await page.goto('/api/applicant/login/callback/?state=not-this-browsers&code=abc');
      await expect(page).toHaveURL(/\/signin-failed\?reason=expired$/);
      await expect(page.getByRole('heading', { level: 1, name: 'サインインできませんでした' })).toBeVisible();
      await expect(page.getByText(/このブラウザーではサインインが始まっていませんでした/)).toBeVisible();
      await expect(page.getByText(/errors|no sign-in/)).toHaveCount(0);
      await expectNoAxeViolations(page, `sign-in expired (${size.label})`);
      await page.getByRole('link', { name: 'トップページへ戻る' }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}`);
    });

    test('signing in from the address the server listens on (127.0.0.1) while PUBLIC_URL names localhost', async ({
      page,
      baseURL,
    }) => {
      const publicUrl = new URL(baseURL ?? '');
      expect(publicUrl.hostname).toBe('localhost');
      await page.goto(`http://127.0.0.1:${publicUrl.port}/municipalities/${DEMO}/applications`);
      await completeIdentityProvider(page);
      await expect(page).toHaveURL(`${publicUrl.origin}/municipalities/${DEMO}/applications`);
      await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
      await expect(page.getByText('マイナンバーカードでサインインしています。')).toBeVisible();
      await expectNoAxeViolations(page, `applications list, signed in from 127.0.0.1 (${size.label})`);
    });

    test('a signing-app return that cannot be used ends on a page that says the application was not sent', async ({
      page,
    }) => {
      const response = await page.goto('/api/callback/miid/temporary/?code=abc&state=used-or-unknown');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/miid\/temporary\?result=unusable$/);
      const notice = page.getByTestId('signing-unusable');
      await expect(notice).toContainText('申請はまだ送信されていません');
      await expect(notice.getByRole('link')).toBeVisible();
      await expect(page.locator('body')).not.toContainText('errors');
      await expectNoAxeViolations(page, `signing return that cannot be used (${size.label})`);
    });
  });
}
