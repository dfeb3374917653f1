// The public pages come from the server as HTML and the browser hydrates it (decision 0060): the
// server's elements stay (the same h1 node before and after), the page's data is not asked for a second
// time, and React reports no hydration mismatch.
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../support/fixtures';

/** A read of what a page shows: any call of the API, a route's page data, or the filter's decision. */
const isDataRead = (method: string, path: string) =>
  (method === 'GET' && (path.startsWith('/api/') || path.includes('/page-data/'))) ||
  (method === 'POST' && path.endsWith('/concierge-filter/concierge-values/'));

/** Counts the page's data requests and console errors, and keeps the h1 the server's HTML held. */
async function watch(page: Page) {
  const dataRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    if (isDataRead(request.method(), new URL(request.url()).pathname)) dataRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) consoleErrors.push(message.text());
  });
  // Before any of the page's scripts runs: the heading the HTML itself holds, as the parser adds it.
  await page.addInitScript(() => {
    const kept = window as unknown as { serverH1: Element | null };
    kept.serverH1 = null;
    const observer = new MutationObserver(() => {
      kept.serverH1 = document.querySelector('main h1');
      if (kept.serverH1) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return { dataRequests, consoleErrors };
}

/** Waits until React has taken over #root, and tells whether it kept the server's h1 element. */
async function hydratedKeepingH1(page: Page): Promise<boolean> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  return page.evaluate(() => {
    const kept = (window as unknown as { serverH1: Element | null }).serverH1;
    return kept !== null && kept === document.querySelector('main h1') && kept.isConnected;
  });
}

for (const path of [
  `/municipalities/${DEMO}/terms`,
  `/municipalities/${DEMO}`,
  `/municipalities/${DEMO}/privacy`,
  // As a letter's QR code links it: the server renders the page without its query, the browser keeps it.
  `/municipalities/${DEMO}?utm_source=qr`,
  // The two forms (decision 0061): the entrance with its way ahead, the filter's first question, and
  // the filter with complete answers, which shows the server's decision without asking for it again.
  `/municipalities/${DEMO}/entrance?procedure_group_id=1`,
  `/municipalities/${DEMO}/conciergeFilter?procedure_group_id=1`,
  `/municipalities/${DEMO}/conciergeFilter?procedure_group_id=1&answers=1-3-5-7`,
]) {
  test(`${path} hydrates the server's HTML without fetching its data again`, async ({ page }) => {
    const { dataRequests, consoleErrors } = await watch(page);
    const response = await page.goto(path);
    expect(await response?.text()).toContain('id="ssr-state"');
    const keptH1 = await hydratedKeepingH1(page);
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
    expect(dataRequests).toEqual([]);
    expect(keptH1).toBe(true);
  });
}

// The not-found pages (decision 0063): drawn once per kind on the server, with the address put in.
for (const { path, h1, shown, reads } of [
  { path: '/no-such-page', h1: 'ページが見つかりません', shown: '/no-such-page', reads: [] },
  {
    path: `/municipalities/${DEMO}/no-such-page%3C%3E`,
    h1: 'ページが見つかりません',
    shown: `/municipalities/${DEMO}/no-such-page<>`,
    reads: [],
  },
  // The browser asks once whether the municipality exists, as the router must know before it draws
  // (the terms' route asks for its terms alongside).
  {
    path: '/municipalities/888888/terms',
    h1: '自治体が見つかりません',
    shown: '/municipalities/888888/terms',
    reads: ['/api/municipalities/888888/', '/api/municipalities/888888/terms-service/'],
  },
]) {
  test(`the not-found page of ${path} comes from the server with its address and hydrates`, async ({
    page,
  }) => {
    const { dataRequests, consoleErrors } = await watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="ssr-state"');
    expect(html).not.toContain('portal-not-found');
    expect(await hydratedKeepingH1(page)).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByTestId('not-found-path')).toHaveText(`開いたアドレス：${shown}`);
    await page.waitForLoadState('networkidle');
    // The page's own 404 (and the API's, for the unknown municipality) are the only errors.
    expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    expect(dataRequests.map((url) => new URL(url).pathname).sort()).toEqual(reads);
  });
}

test('in English, chosen before: the server renders English and the browser hydrates it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'portal_language', value: 'en', url: baseURL as string }]);
  await page.addInitScript(() => localStorage.setItem('portal.language', 'en'));
  const { dataRequests, consoleErrors } = await watch(page);
  await page.goto(`/municipalities/${DEMO}/terms`);
  expect(await hydratedKeepingH1(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Terms of use' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The English texts load as a chunk of the app; the page's data is not fetched.
  expect(dataRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // Hydrated: a link navigates inside the app (no new document) and the next page fetches its data.
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
});

/** The home's heading and the footer's links, in each language. */
const READING = {
  ja: { home: 'デモ市のオンライン申請', terms: '利用規約', privacy: 'プライバシーポリシー' },
  en: { home: 'Online applications: Demo City', terms: 'Terms of use', privacy: 'Privacy policy' },
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of ['ja', 'en'] as const) {
    test(`home, terms and privacy are read and linked as plain pages (${language})`, async ({
      page,
      context,
      baseURL,
    }) => {
      const texts = READING[language];
      await context.addCookies([{ name: 'portal_language', value: language, url: baseURL as string }]);
      await page.goto(`/municipalities/${DEMO}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.home);
      // Each link loads the next page from the server, as a document of its own.
      await page.getByRole('contentinfo').getByRole('link', { name: texts.terms }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}/terms`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('デモ市オンライン申請 利用規約');
      await expect(page.locator('main')).toContainText('この規約は、デモ市が提供するオンライン申請サービス');
      await page.getByRole('contentinfo').getByRole('link', { name: texts.privacy }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}/privacy`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.privacy);
    });
  }

  test('a not-found page says so with the address, and leads home', async ({ page }) => {
    const response = await page.goto(`/municipalities/${DEMO}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
    await expect(page.getByText(`開いたアドレス：/municipalities/${DEMO}/no-such-page`)).toBeVisible();
    await page.getByRole('link', { name: 'トップページへ戻る' }).click();
    await expect(page).toHaveURL(`/municipalities/${DEMO}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(READING.ja.home);
  });
});

test('before the visitor acts, the page loads only the starter; the first key starts the app', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const { dataRequests, consoleErrors } = await watch(page);
  // `commit`: the test itself waits, and does not act on the page as the fixture would.
  await page.goto(`/municipalities/${DEMO}/entrance?procedure_group_id=1`, { waitUntil: 'commit' });
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual(['/app-start.js']);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');

  await page.keyboard.press('Tab');
  expect(await hydratedKeepingH1(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
  expect(dataRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
