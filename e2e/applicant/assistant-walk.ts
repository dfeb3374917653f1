// Walking the assistant as a resident who writes only what a page asks empty (the write-less and twins
// journeys). Each step waits for what it reads: the answers read again after a save, and the next page
// drawn (its own heading, not the loading one), never `networkidle`, which a loaded page has already passed.
import { expect, type Page } from '@playwright/test';
import { next } from './flow-support';

/** What the resident would write for an item the page asks empty (by its label or question). */
export type Write = { code?: string; kind: 'text' | 'select' | 'radio'; label: string; value: string };

/** The assistant's heading while a page loads. */
const LOADING = '申請内容についての質問';

/**
 * Resolves once the page has read the answers again (the save of an option or a page asks for them) and
 * drawn them; after 5 s at the most, for a save that asks for nothing.
 */
function answersReread(page: Page) {
  const reread = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/form/values/'),
    { timeout: 5_000 },
  );
  return async () => {
    await reread.catch(() => undefined);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  };
}

/**
 * Writes what the page asks empty; returns the writes made. Prefilled fields are left as they are. On the
 * assistant (`on: 'assistant'`) a chosen option is saved at once; the form saves with its page.
 */
export async function writeWhatIsEmpty(
  page: Page,
  writes: readonly Write[],
  on: 'assistant' | 'form' = 'assistant',
): Promise<Write[]> {
  const main = page.getByRole('main');
  const made: Write[] = [];
  for (const w of writes) {
    if (w.kind === 'radio') {
      const group = main.getByRole('radiogroup', { name: w.label, exact: true });
      if (!(await group.isVisible())) continue;
      if ((await group.locator('input:checked').count()) > 0) continue;
      // A chosen option is saved at once and may prefill what follows (嫡出子 once the notifier is 父).
      const reread = on === 'assistant' ? answersReread(page) : null;
      await group.getByRole('radio', { name: w.value, exact: true }).check();
      await reread?.();
    } else {
      const field = main.getByLabel(w.label, { exact: true });
      if (!(await field.isVisible())) continue;
      if ((await field.inputValue()) !== '') continue;
      if (w.kind === 'select') await field.selectOption({ label: w.value });
      else await field.fill(w.value);
    }
    made.push(w);
  }
  return made;
}

/** Saves the page and waits for the next one drawn with the saved answers (or the procedures screen). */
export async function toNextAssistantPage(page: Page) {
  const toProcedures = page.getByRole('button', { name: '回答を保存して手続きの選択へ' });
  await expect(toProcedures.or(page.getByRole('button', { name: '回答を保存して次へ' }))).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  const before = page.url();
  const reread = answersReread(page);
  if (await toProcedures.isVisible()) await toProcedures.click();
  else await next(page);
  await expect(async () => {
    const now = await page.getByRole('heading', { level: 1 }).textContent();
    const moved = page.url() !== before && now !== heading && now !== LOADING;
    expect(page.url().endsWith('/procedures') || moved).toBe(true);
  }).toPass();
  await reread();
}
