// Shared fixtures: every test fails on an uncaught page error; helpers for axe, sign-in and the demo data.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';

export const DEMO = '999999';
/** The demo procedure group 出生・子育て. */
export const GROUP = 1;
export const RESIDENT = { subject: 'demo-resident-0001', pin: '1234', name: '山田 太郎' };

/**
 * Starts the app of a page the server rendered and waits until it has taken over (decisions 0061, 0062):
 * tests drive the scripted screens, and an action on the server's HTML before that is a plain form's.
 */
async function untilAppReady(page: Page) {
  // The app of a rendered page starts when the visitor first acts on it (decision 0062): a key does.
  await page.keyboard.press('Shift');
  await page.waitForFunction(
    () => !document.getElementById('ssr-state') || document.documentElement.dataset.app === 'ready',
  );
}

const startingApp = new WeakSet<Page>();

/** After each load of a rendered page (goto, reload, back, forward), the app is started and waited for. */
function startAppOnLoad(page: Page) {
  if (startingApp.has(page)) return;
  startingApp.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = (await load(...args)) as Response | null;
        const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
          { waitUntil?: string } | undefined;
        // A page the server rendered varies by its cookie (the language); the others are the shell.
        const rendered = response?.headers().vary?.includes('Cookie') === true;
        // `commit`: the test acts on the server's HTML itself.
        if (rendered && options?.waitUntil !== 'commit') await untilAppReady(page);
        return response;
      },
    });
  }
}

/** True while a test's body runs: contexts it opens itself (a second resident, a clerk) start the app too. */
let inTestBody = false;

export const test = base.extend<{ pageErrors: Error[]; contextsOfTheTest: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) startAppOnLoad(page);
    await use(page);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (inTestBody && options?.javaScriptEnabled !== false) context.on('page', startAppOnLoad);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // After the test's own context and page exist (those follow `javaScriptEnabled`, above).
  contextsOfTheTest: [
    async ({ page }, use) => {
      void page;
      inTestBody = true;
      await use();
      inTestBody = false;
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors on the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The WCAG 2.2 AA rule set the brief names. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page and expects no violation (the message lists each rule and its targets). */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Waits until the page head shows the given title (it updates 10 ms after navigation). */
export async function expectTitle(page: Page, title: string | RegExp) {
  await expect(page).toHaveTitle(title);
}

/**
 * Signs the resident in through the development identity provider, starting from a page that sends the
 * browser to sign-in (the identity provider's page must be showing, or about to).
 */
export async function completeIdentityProvider(page: Page, resident = RESIDENT) {
  await page.waitForURL(/\/dev\/idp\//);
  await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption(resident.subject);
  await page.getByLabel(/暗証番号/).fill(resident.pin);
  await page.getByRole('button', { name: '本人確認する' }).click();
}

/** Answers one filter question by its option label. */
export async function answer(page: Page, question: string, option: string) {
  await page
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: option, exact: true })
    .check();
}

export const QUESTIONS = {
  born: 'お子さんは生まれましたか？',
  where: 'お子さんはどこで生まれましたか？',
  resident: 'お住まいはデモ市ですか？',
  civilServant: 'あなたは公務員ですか？',
};

/** The password input of the staff and operator sign-in (its label also names the show-password button). */
export const passwordField = (page: Page) => page.locator('input[autocomplete="current-password"]');

/** Presses Tab until `target` has the focus: proves it is reachable by keyboard (fails after `max`). */
export async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reachable with Tab').toBeFocused();
}

/**
 * Ticks every checkbox of the page (`tick` does one: a click, or Tab and Space). Check messages arrive
 * with the page's data, some after others: it goes on until none is left unticked for half a second.
 */
export async function tickEvery(page: Page, tick: (box: Locator) => Promise<void>) {
  const unticked = page.getByRole('checkbox', { checked: false });
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await expect(async () => {
    for (let i = 0; i < 30 && (await unticked.count()) > 0; i++) await tick(unticked.first());
    await page.waitForTimeout(500);
    expect(await unticked.count()).toBe(0);
  }).toPass({ timeout: 30_000 });
}
