// The three web targets start from a cold cache (issue 36, done-when line 4): the applicant's home, the
// staff sign-in and the master tool's sign-in, each opened in a fresh browser context (nothing cached, no
// service worker, the HTTP cache turned off over CDP), render their h1 and sign-in button with every
// script and style sheet loaded, no console error, no uncaught error, no reload by the chunk-reload guard,
// and no axe violation. A chunk split that loses a module or orders it wrongly (the master tool's start
// broke so once: "Cannot read properties of undefined") fails here.
import type { Page, Response } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';

test.use({ serviceWorkers: 'block' });

interface Target {
  name: string;
  path: string;
  heading: string;
  /** The sign-in button, if the screen has one. */
  button?: string;
}

const targets: Target[] = [
  { name: 'applicant home', path: `/municipalities/${DEMO}`, heading: 'デモ市のオンライン申請' },
  { name: 'staff sign-in', path: '/staff/login', heading: '職員サインイン', button: 'サインイン' },
  {
    name: 'master-tool sign-in',
    path: '/mastertool/login',
    heading: 'マスターツール サインイン',
    button: 'サインイン',
  },
];

const isAsset = (url: string) => /\.(js|css)(\?|$)/.test(new URL(url).pathname);

/** Everything that would show a broken start, collected while the page loads. */
function watch(page: Page) {
  const seen = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    failedAssets: [] as string[],
    assets: [] as Response[],
    documentLoads: 0,
  };
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const { url } = m.location();
    // A route without page data answers 404 by design (lib/page-data: "no page data", not an error);
    // Chromium still logs the 404. Any other failed load, or any other error, counts.
    if (/\/page-data\/[\w/-]+\.json$/.test(url) && m.text().includes('status of 404')) return;
    seen.consoleErrors.push(`${m.text()} (${url})`);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(error.message));
  page.on('requestfailed', (request) => {
    const type = request.resourceType();
    if (type === 'script' || type === 'stylesheet' || isAsset(request.url()))
      seen.failedAssets.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    if (!isAsset(response.url())) return;
    seen.assets.push(response);
    if (response.status() >= 400) seen.failedAssets.push(`${response.url()}: ${response.status()}`);
  });
  page.on('load', () => (seen.documentLoads += 1));
  return seen;
}

for (const target of targets) {
  test(`the ${target.name} starts from a cold cache`, async ({ page }) => {
    // A fresh context per test (Playwright's default) with service workers blocked; the cache off too.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const seen = watch(page);

    await page.goto(target.path);
    // Every chunk the screen asks for has arrived (or failed): a failure is named before the missing screen.
    await page.waitForLoadState('networkidle');
    expect(seen.failedAssets, 'scripts and style sheets that failed to load').toEqual([]);
    expect(seen.pageErrors, 'uncaught errors').toEqual([]);

    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    if (target.button)
      await expect(page.getByRole('button', { name: target.button, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.failedAssets, 'scripts and style sheets that failed to load').toEqual([]);
    expect(seen.pageErrors, 'uncaught errors').toEqual([]);
    expect(seen.consoleErrors, 'console errors').toEqual([]);
    // The chunk-reload guard reloads the page once when a chunk fails: one load means none failed.
    expect(seen.documentLoads, 'document loads').toBe(1);
    // Cold: every script came over the network, none from a cache or a service worker.
    expect(seen.assets.length, 'scripts and style sheets loaded').toBeGreaterThan(0);
    for (const response of seen.assets) {
      expect(response.status(), response.url()).toBe(200);
      expect(response.fromServiceWorker(), response.url()).toBe(false);
    }
    await expectNoAxeViolations(page, `${target.name} (cold start)`);
  });
}
