// The entrance and the filter work as plain forms (issue 36, decision 0061): with JavaScript off, a resident
// goes from the home through the terms' agreement and the filter's questions to the procedures they can
// apply for, each step a post and a page from the server, and reaches the address the script reaches
// for the same answers.
import type { Page } from '@playwright/test';
import { answer, DEMO, expect, expectNoAxeViolations, QUESTIONS, test } from '../support/fixtures';

const TEXTS = {
  ja: {
    group: '出生・子育てを申請する',
    agree: '利用規約に同意します',
    start: '申請を始める',
    confirm: '確認する',
    signIn: 'サインインして申請に進む',
    procedures: ['出生届', '児童手当 認定請求', '子ども医療費助成 受給資格の申請'],
  },
  en: {
    group: 'Apply: Birth and childcare',
    agree: 'I agree to the terms of use',
    start: 'Start',
    confirm: 'Check my answers',
    signIn: 'Sign in and continue',
    procedures: ['Birth notification', 'Child allowance claim', 'Child medical expense subsidy'],
  },
};

const FILTER = `/municipalities/${DEMO}/conciergeFilter`;
const DECIDED = `${FILTER}?procedure_group_id=1&answers=1-3-5-7`;

/** Answers every question shown with its first option, a page (a post) at a time, until the decision shows. */
async function answerAll(page: Page, confirm: string) {
  const procedures = page.getByTestId('applicable-procedures');
  for (let step = 0; step < 8 && !(await procedures.isVisible()); step++) {
    for (const group of await page.getByRole('radiogroup').all()) {
      if ((await group.getByRole('radio', { checked: true }).count()) === 0) {
        await group.getByRole('radio').first().check();
      }
    }
    await page.getByRole('button', { name: confirm }).click();
    await page.waitForLoadState();
  }
  await expect(procedures).toBeVisible();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const language of ['ja', 'en'] as const) {
    test(`home, terms' agreement and the filter reach the procedures (${language})`, async ({
      page,
      context,
      baseURL,
    }) => {
      const texts = TEXTS[language];
      await context.addCookies([{ name: 'portal_language', value: language, url: baseURL as string }]);
      await page.goto(`/municipalities/${DEMO}`);
      await page.getByRole('link', { name: texts.group }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}/entrance?procedure_group_id=1`);
      // The page works as it is: no note asks for JavaScript.
      await expect(page.getByText('JavaScript', { exact: false })).toHaveCount(0);

      // Without the tick the browser itself keeps the form (the box is required).
      await page.getByRole('button', { name: texts.start }).click();
      await expect(page).toHaveURL(`/municipalities/${DEMO}/entrance?procedure_group_id=1`);
      const agree = page.getByRole('checkbox', { name: texts.agree });
      await agree.check();
      // The mark follows the box itself, with no script to redraw it.
      await expect(page.locator('.input-state-ticked')).toBeVisible();
      await expect(page.locator('.input-state-unticked')).toBeHidden();
      await page.getByRole('button', { name: texts.start }).click();
      await expect(page).toHaveURL(`${FILTER}?procedure_group_id=1`);

      await answerAll(page, texts.confirm);
      await expect(page).toHaveURL(DECIDED);
      for (const name of texts.procedures) {
        await expect(page.getByTestId('applicable-procedures')).toContainText(name);
      }
      // The way on is a link to the sign-in, back to these answers afterwards.
      const signIn = page.getByRole('link', { name: texts.signIn });
      await expect(signIn).toHaveAttribute(
        'href',
        /^\/api\/applicant\/login\/\?municipality_code=999999&return_to=/,
      );
    });
  }
});

test('with JavaScript the same answers reach the same address', async ({ page }) => {
  await page.goto(`${FILTER}?procedure_group_id=1`);
  // The app has taken over the server's HTML (the fixture started it).
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // The first option of each, as above: the questions appear as they are answered, with no post.
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'はい');
  await page.getByRole('button', { name: TEXTS.ja.confirm }).click();
  await expect(page.getByTestId('applicable-procedures')).toBeVisible();
  await expect(page).toHaveURL(DECIDED);
  await expectNoAxeViolations(page, 'the filter with its decision');
});

/** Holds the app's entry script until `release` is called: the page is the server's HTML until then. */
async function holdScript(page: Page) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a tick and a choice made before the script runs count once it does', async ({ page }) => {
  let release = await holdScript(page);
  await page.goto(`/municipalities/${DEMO}/entrance?procedure_group_id=1`, { waitUntil: 'commit' });
  // The starter listens once it has run (before DOMContentLoaded): an act before that starts nothing.
  await page.waitForLoadState('domcontentloaded');
  await page.getByRole('checkbox', { name: TEXTS.ja.agree }).check();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('checkbox', { name: TEXTS.ja.agree })).toBeChecked();
  await page.getByRole('button', { name: TEXTS.ja.start }).click();
  await expect(page).toHaveURL(`${FILTER}?procedure_group_id=1`);

  await page.unrouteAll();
  release = await holdScript(page);
  await page.goto(`${FILTER}?procedure_group_id=1`, { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await answer(page, QUESTIONS.born, 'はい');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  // The app knows the answer: the questions it opens appear, and the address keeps it.
  await expect(page.getByRole('radiogroup', { name: QUESTIONS.where })).toBeVisible();
  await expect(page).toHaveURL(`${FILTER}?procedure_group_id=1&answers=%221%22`);
});

test.describe('the language switch without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('shows the same page again in the language pressed', async ({ page }) => {
    const entrance = `/municipalities/${DEMO}/entrance?procedure_group_id=1`;
    await page.goto(entrance);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(entrance);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start: Birth and childcare');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: '日本語' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('出生・子育ての申請を始める');
  });
});

test('English pressed before the app runs: the app then starts in English and keeps it', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/terms`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  // The starter listens once the page has loaded it.
  await page.waitForLoadState('load');
  await page.keyboard.press('Tab');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('portal.language'))).toBe('en');
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
});
