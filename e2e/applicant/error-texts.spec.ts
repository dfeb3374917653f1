// One error vocabulary (issue 11): every error code the API can return, and the client's own network and
// parse failures, forced through a stubbed call; the screen shows the app's own text for it, in Japanese
// and in English, and never the server's message.
import type { Page } from '@playwright/test';
import { errorStatus } from '../../packages/contracts/src/error-codes';
import { en } from '../../apps/web/src/lib/i18n/en';
import { ja } from '../../apps/web/src/lib/i18n/ja';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';

/** The API's error codes and their statuses, as the contracts declare them. */
const CODES = errorStatus;

type Kind = keyof typeof CODES | 'network' | 'parse';
const KINDS: Kind[] = [...(Object.keys(CODES) as (keyof typeof CODES)[]), 'network', 'parse'];

const TERMS = `/municipalities/${DEMO}/terms`;
const isTermsCall = (url: URL) => url.pathname === `/api/municipalities/${DEMO}/terms-service/`;

/**
 * A visitor whose pages the app draws, as a signed-in (or once signed-in) resident's are: the server renders
 * public pages only without a session cookie (decision 0060), and these tests fail the browser's own calls.
 */
async function drawnInTheBrowser(page: Page, baseURL: string | undefined) {
  await page
    .context()
    .addCookies([{ name: 'portal_applicant_session', value: 'expired', url: baseURL as string }]);
}

/** Answers the terms call of the terms page as `kind` would. */
async function stub(page: Page, kind: Kind) {
  await page.route(isTermsCall, async (route) => {
    if (kind === 'network') return route.abort('connectionrefused');
    // A 200 that is not JSON (a proxy's or captive portal's page): production builds check only that an
    // answer is JSON, the server having checked its shape (decision 0015).
    if (kind === 'parse')
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>SERVER TEXT parse</p>' });
    return route.fulfill({
      status: CODES[kind],
      json: { errors: [{ code: kind, message: `SERVER TEXT ${kind}`, field: 'device' }] },
    });
  });
}

for (const language of ['ja', 'en'] as const) {
  const texts = language === 'ja' ? ja : en;

  test.describe(`error texts in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      if (language === 'en') {
        await page.addInitScript(() => window.localStorage.setItem('portal.language', 'en'));
      }
    });

    for (const kind of KINDS) {
      test(`${kind}: the app's own text, never the server's`, async ({ page, baseURL }) => {
        await drawnInTheBrowser(page, baseURL);
        await stub(page, kind);
        await page.goto(TERMS);
        const alert = page.getByRole('alert').filter({ hasText: texts.terms.loadError });
        // 5xx and network failures are retried twice (1 s, 2 s) before the screen gives up.
        await expect(alert).toBeVisible({ timeout: 20_000 });
        await expect(alert).toContainText(texts.errors.codes[kind]);
        await expect(page.locator('body')).not.toContainText('SERVER TEXT');
        await expect(page.locator('body')).not.toContainText(kind);
        if (kind === 'unauthenticated') {
          // The way forward: sign in again, and come back to this page.
          const signIn = alert.getByRole('link', { name: texts.errors.signInAgain });
          await expect(signIn).toHaveAttribute(
            'href',
            `/api/applicant/login/?municipality_code=${DEMO}&return_to=${encodeURIComponent(TERMS)}`,
          );
          await expect(alert.getByRole('button', { name: texts.common.retry })).toHaveCount(0);
          await expectNoAxeViolations(page, `terms page, sign-in ended (${language})`);
        } else {
          await expect(alert.getByRole('button', { name: texts.common.retry })).toBeVisible();
        }
      });
    }
  });
}

// At phone width: the same texts, laid out without overlap (axe), for a refusal, a failure and the sign-in end.
for (const language of ['ja', 'en'] as const) {
  const texts = language === 'ja' ? ja : en;
  test.describe(`error texts in ${language} at phone width`, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test.beforeEach(async ({ page }) => {
      if (language === 'en') {
        await page.addInitScript(() => window.localStorage.setItem('portal.language', 'en'));
      }
    });
    for (const kind of ['unauthenticated', 'forbidden', 'not_found'] as const) {
      test(`${kind}: the app's own text on a phone`, async ({ page, baseURL }) => {
        await drawnInTheBrowser(page, baseURL);
        await stub(page, kind);
        await page.goto(TERMS);
        const alert = page.getByRole('alert').filter({ hasText: texts.terms.loadError });
        await expect(alert).toContainText(texts.errors.codes[kind]);
        await expect(page.locator('body')).not.toContainText('SERVER TEXT');
        await expectNoAxeViolations(page, `terms page, ${kind} (${language}, phone)`);
      });
    }
  });
}

test('the home page shows the vocabulary, not the server, when the municipality cannot be loaded', async ({
  page,
  baseURL,
}) => {
  await drawnInTheBrowser(page, baseURL);
  await page.route(
    (url) => url.pathname === `/api/municipalities/${DEMO}/`,
    (route) =>
      route.fulfill({
        status: 429,
        json: { errors: [{ code: 'rate_limited', message: 'SERVER TEXT rate_limited' }] },
      }),
  );
  await page.goto(`/municipalities/${DEMO}`);
  const alert = page.getByRole('alert').filter({ hasText: ja.home.loadError });
  await expect(alert).toContainText(ja.errors.codes.rate_limited);
  await expect(page.locator('body')).not.toContainText('SERVER TEXT');
  await expect(page.locator('body')).not.toContainText('詳細');
});
