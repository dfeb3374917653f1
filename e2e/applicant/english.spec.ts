// English for configuration content (issue 11, item 7): in English, the whole journey of the demo birth
// group (filter → sign-in → assistant → procedures → form → review → attachments) shows the configuration's
// English, never its Japanese where the demo has English, and headings never change language once shown.
import type { Page } from '@playwright/test';
import { applicationAtForm, signInResident } from '../support/application-setup';
import { DEMO, expect, expectNoAxeViolations, GROUP, test } from '../support/fixtures';

// About 30 pages, each read for Japanese and checked by axe, at two widths in parallel with the rest.
test.setTimeout(420_000);

const M = `/municipalities/${DEMO}`;
const API = `/api/municipalities/${DEMO}`;
const japanese = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]/;

declare global {
  interface Window {
    /** Every text an h1 has shown since the page loaded, in order. */
    __headings: string[];
  }
}

/**
 * The Japanese configuration texts that have English, from the applicant calls themselves (every object
 * with an `en` contributes the Japanese of each field its `en` translates, list items included).
 */
async function translatedJapanese(page: Page): Promise<string[]> {
  const headers = { 'X-Region-Code': DEMO };
  const urls = [
    `${API}/`,
    `${API}/concierge-filter/?procedure_group_id=${GROUP}`,
    `${API}/procedures/?procedure_group_id=${GROUP}`,
    `${API}/procedure-overview/?procedure_group_id=${GROUP}`,
    `${API}/form/?procedure_group_id=${GROUP}&procedure_ids=1,2,3`,
  ];
  const texts = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const en = record.en as Record<string, unknown> | undefined;
    for (const [field, english] of Object.entries(en ?? {})) {
      const ja = record[field];
      const pairs: [unknown, unknown][] = Array.isArray(ja)
        ? ja.map((text, i) => [text, (english as unknown[] | undefined)?.[i]])
        : [[ja, english]];
      for (const [text, translated] of pairs) {
        if (typeof text === 'string' && typeof translated === 'string' && translated.trim() !== '')
          if (japanese.test(text)) texts.add(text);
      }
    }
    Object.entries(record).forEach(([key, v]) => key !== 'en' && walk(v));
  };
  for (const url of urls) {
    const res = await page.request.get(url, { headers });
    expect(res.ok(), url).toBe(true);
    walk(await res.json());
  }
  return [...texts];
}

/** The page's visible texts outside elements marked lang="ja" (inputs' values are not text). */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[lang="ja"], script, style, [aria-hidden="true"]')) continue;
      if (parent.checkVisibility && !parent.checkVisibility()) continue;
      const text = (node.textContent ?? '').trim();
      if (text) texts.push(text);
    }
    // Native select options are text too.
    for (const option of document.querySelectorAll('option')) {
      if (!option.closest('[lang="ja"]') && option.lang !== 'ja') texts.push(option.text.trim());
    }
    return texts;
  });

/** No Japanese configuration text is shown (outside lang="ja"), and the h1 is English. */
async function expectEnglish(page: Page, ja: string[], where: string) {
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  await expect(page.locator('.MuiCircularProgress-root')).toHaveCount(0);
  const texts = await visibleTexts(page);
  const all = texts.join('\n');
  // Short texts (父, あり) only as whole texts: as substrings they would match any Japanese sentence.
  const shown = ja.filter((t) => (t.length <= 2 ? texts.includes(t) : all.includes(t)));
  expect(shown, `${where}: Japanese configuration texts shown`).toEqual([]);
  // Nor as a fallback marked lang="ja" (the language switch's 日本語 and the municipality's Japanese-only
  // terms are marked so too: they are not configuration texts).
  const fallbacks = await page.locator('[lang="ja"]:not(html)').allTextContents();
  expect(
    fallbacks.filter((t) => ja.includes(t.trim())),
    `${where}: configuration texts without English`,
  ).toEqual([]);
  const headings = await page.evaluate(() => window.__headings);
  expect(
    headings.filter((h) => japanese.test(h)),
    `${where}: headings in Japanese`,
  ).toEqual([]);
  // Every page the English journey visits is checked for accessibility too (issue 11).
  await expectNoAxeViolations(page, `${where} (English)`);
}

test.beforeEach(async ({ page, context, baseURL }) => {
  // English chosen before: the app keeps the choice in storage and in the cookie the server renders by.
  await context.addCookies([{ name: 'portal_language', value: 'en', url: baseURL as string }]);
  await page.addInitScript(
    ({ source }) => {
      localStorage.setItem('portal.language', 'en');
      window.__headings = [];
      const record = () => {
        for (const h of document.querySelectorAll('h1')) {
          const text = (h.textContent ?? '').trim();
          if (text && !window.__headings.includes(text)) window.__headings.push(text);
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
      void source;
    },
    { source: japanese.source },
  );
});

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });
    test('the English journey shows the English of the configuration', async ({ page }) => {
      const ja = await translatedJapanese(page);
      expect(ja.length).toBeGreaterThan(100);

      // Home and entrance: the group's English.
      await page.goto(M);
      await expect(page.getByRole('heading', { name: 'Birth and childcare' })).toBeVisible();
      await expectEnglish(page, ja, 'home');
      await page.goto(`${M}/entrance?procedure_group_id=${GROUP}`);
      await expect(page.getByText('Notify the birth of your baby', { exact: false })).toBeVisible();
      await expectEnglish(page, ja, 'entrance');

      // Filter: the heading is the configuration's English title from the first paint on.
      await page.goto(`${M}/conciergeFilter?procedure_group_id=${GROUP}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find out which procedures you need');
      expect(await page.evaluate(() => window.__headings)).toEqual(['Find out which procedures you need']);
      const answer = (question: string, option: string) =>
        page
          .getByRole('radiogroup', { name: question })
          .getByRole('radio', { name: option, exact: true })
          .check();
      await answer('Has your child been born?', 'Yes');
      await answer('Where was your child born?', 'Outside Japan');
      await expect(page.getByTestId('scoped-out')).toContainText('cannot be notified online');
      await expectEnglish(page, ja, 'filter, scoped out');
      await answer('Where was your child born?', 'In Japan');
      await answer('Do you live in Demo City?', 'Yes');
      await answer('Are you a public servant?', 'No');
      await expect(
        page.getByText('Public servants claim the child allowance from their employer.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Check my answers' }).click();
      const result = page.getByTestId('applicable-procedures');
      await expect(result).toContainText('Birth notification');
      await expect(result).toContainText('Child allowance claim');
      await expect(result).toContainText('Child medical expense subsidy');
      await expectEnglish(page, ja, 'filter result');

      // Signed in (the card stand-in is Japanese: it is not the portal), an application at the form step.
      await signInResident(page);
      const app = await applicationAtForm(page, {
        procedureCodes: ['birth_notification', 'child_allowance', 'child_medical_subsidy'],
      });

      await page.goto(`${app.base}/stepsExplanation`);
      await expectEnglish(page, ja, 'steps explanation');

      // Every assistant page: breadcrumbs, titles, questions, options, item labels, hints and units.
      const assistant = (await (
        await page.request.get(`${API}/applications/${app.id}/concierge-assistant/`, { headers: app.headers })
      ).json()) as { shown_sub_category_ids: number[] };
      expect(assistant.shown_sub_category_ids.length).toBeGreaterThanOrEqual(6);
      for (const sub of assistant.shown_sub_category_ids) {
        await page.goto(`${app.base}/conciergeAssistant?sub=${sub}`);
        await expectEnglish(page, ja, `assistant page ${sub}`);
      }
      await page.goto(`${app.base}/conciergeAssistant?sub=5`);
      await expect(page.getByText('g', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('weeks', { exact: true }).first()).toBeVisible();

      // Procedures: names, remarks and check messages.
      await page.goto(`${app.base}/procedures`);
      await expect(
        page.getByText('I have checked that what I entered matches the birth certificate.'),
      ).toBeVisible();
      await expectEnglish(page, ja, 'procedures');

      // Every section of the form (opened whole, as a change from the review does: the form itself asks
      // only what the questions did not), then the review and the attachments.
      const form = (await (
        await page.request.get(
          `${API}/form/?procedure_group_id=${GROUP}&procedure_ids=${app.procedureIds.join(',')}`,
          { headers: app.headers },
        )
      ).json()) as { fragments: { items: { code: string }[] }[] };
      const seen = new Set<string>();
      const firsts = form.fragments.flatMap((f) => {
        const fresh = f.items.filter((i) => !seen.has(i.code));
        f.items.forEach((i) => seen.add(i.code));
        return fresh.length > 0 ? [fresh[0]!.code] : [];
      });
      for (const code of firsts) {
        await page.goto(`${app.base}/form?field=${code}&from=review`);
        await expect(page.locator('#form-page-heading')).toBeVisible();
        await expectEnglish(page, ja, `form section of ${code}`);
      }
      await page.goto(`${app.base}/form?field=child_legitimacy&from=review`);
      await expect(page.locator('#form-page-heading')).toHaveText('Child');
      await expect(page.getByRole('radio', { name: 'Born to a married couple', exact: true })).toBeVisible();
      await page.goto(`${app.base}/formValues`);
      await expect(page.getByText('Relationship to the parents').first()).toBeVisible();
      await expectEnglish(page, ja, 'review');
      await page.goto(`${app.base}/attached`);
      await expect(page.getByText('Birth certificate').first()).toBeVisible();
      await expectEnglish(page, ja, 'attachments');

      // Last, as it changes the answers: a scoped-out answer and its English message.
      await page.goto(`${app.base}/conciergeAssistant?sub=3`);
      await expect(
        page.getByRole('navigation').filter({ hasText: 'Your application details' }),
      ).toBeVisible();
      await page
        .getByRole('radiogroup', { name: /Who is notifying the birth/ })
        .getByRole('radio', { name: /Someone else/ })
        .check();
      await expect(page.getByTestId('scoped-out')).toContainText('Citizens Division counter');
      await expectEnglish(page, ja, 'assistant, scoped out');
    });
  });
}
