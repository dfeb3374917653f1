// Counting what a resident does on the way through (issue 33): card readings, screens, taps and typed
// fields, from the browser's own events (trusted input only: what a person would do).
//
// - A **card reading** is a PIN typed into a card-reading page (the identity provider's sign-in, the
//   signing app): one per page load, however many keys.
// - A **view** is what the address shows: its path (ids replaced by `:id`, numbers by `:n`) plus the
//   parameter that selects a page inside it (`sub` on the assistant, `page` on the form). Answers kept in
//   the address (`answers=`), focus targets (`field=`) and the like do not make a view; the page putting
//   its own page parameter into the address, with nothing done meanwhile, names the same view.
// - A **screen** is a distinct view the resident acts on (taps or types in), and the journey's last view.
//   Views passed without any action are **pass-through** views, counted apart: a route whose step skips
//   it before it renders (mncAssistance after a card sign-in) and the hand-over pages around the signing
//   app (saving the state, receiving the signature).
// - A **tap** is a pointer press, or a choice made in a native select (Playwright's selectOption sends no
//   pointer events).
// - A **typed field** is a field typed into, once per stretch of typing (leaving it and coming back counts
//   again). Ticks and radio choices are taps, not typing.
import type { Page } from '@playwright/test';

export interface JourneyCounts {
  cardReadings: number;
  taps: number;
  fields: number;
  /** Every change of view, in order, and whether the resident acted on it. */
  views: { view: string; acted: boolean }[];
}

/** The screens of a journey: distinct views acted on, and the last one. */
export function screensOf(c: JourneyCounts): string[] {
  const acted = c.views.filter((v, i) => v.acted || i === c.views.length - 1).map((v) => v.view);
  return [...new Set(acted)];
}

/** Distinct views passed without an action (never a screen of the journey). */
export function passedThrough(c: JourneyCounts): string[] {
  const screens = new Set(screensOf(c));
  return [...new Set(c.views.map((v) => v.view))].filter((v) => !screens.has(v));
}

const SCREEN_PARAMS = ['sub', 'page'];

/** The view an address shows: its path with ids as `:id`, and the page-selecting parameter if any. */
export function viewOf(url: string): string {
  const u = new URL(url);
  const path = u.pathname
    .replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/g, '/:id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');
  const selected = SCREEN_PARAMS.filter((p) => u.searchParams.has(p)).map(
    (p) => `${p}=${u.searchParams.get(p)}`,
  );
  return selected.length > 0 ? `${path}?${selected.join('&')}` : path;
}

/** Starts counting on `page`; call before the first `goto`. */
export async function countJourney(page: Page): Promise<JourneyCounts> {
  const counts: JourneyCounts = { cardReadings: 0, taps: 0, fields: 0, views: [] };
  let acted = false;
  const see = (url: string) => {
    if (!url.startsWith('http')) return;
    const view = viewOf(url);
    const last = counts.views.at(-1);
    if (view === last?.view) return;
    // The page putting its own page into the address (`?sub=`, `?page=`), nothing done meanwhile: the
    // same view, named more precisely.
    if (!acted && last && !last.view.includes('?') && view.startsWith(`${last.view}?`)) last.view = view;
    else counts.views.push({ view, acted: false });
    acted = false;
  };
  const act = () => {
    acted = true;
    const last = counts.views.at(-1);
    if (last) last.acted = true;
  };
  await page.exposeBinding('__journey', (_source, kind: string) => {
    if (kind === 'tap') {
      counts.taps++;
      act();
    } else if (kind === 'field') {
      counts.fields++;
      act();
    } else if (kind === 'card') counts.cardReadings++;
  });
  await page.addInitScript(() => {
    const report = (kind: string) =>
      (window as unknown as { __journey: (kind: string) => void }).__journey(kind);
    let typingIn: EventTarget | null = null;
    let cardRead = false;
    document.addEventListener('pointerdown', (e) => e.isTrusted && report('tap'), true);
    document.addEventListener(
      'change',
      (e) => (e.target as HTMLElement | null)?.tagName === 'SELECT' && report('tap'),
      true,
    );
    document.addEventListener(
      'input',
      (e) => {
        const field = e.target as HTMLInputElement;
        if (!e.isTrusted || field.type === 'checkbox' || field.type === 'radio' || field.tagName === 'SELECT')
          return;
        const label = [...(field.labels ?? [])].map((l) => l.textContent ?? '').join(' ');
        if (!cardRead && label.includes('暗証番号')) {
          cardRead = true;
          report('card');
        }
        if (field === typingIn) return;
        typingIn = field;
        report('field');
      },
      true,
    );
    document.addEventListener('focusout', () => (typingIn = null), true);
  });
  // Document loads and the single-page app's own changes of address (history API) alike.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) see(frame.url());
  });
  return counts;
}

/** The counts as the lines the test prints. */
export const journeyLine = (who: string, c: JourneyCounts) => {
  const screens = screensOf(c);
  const passed = passedThrough(c);
  return (
    `[issue 33] ${who}: ${c.cardReadings} card readings, ${screens.length} screens, ${c.taps} taps, ` +
    `${c.fields} fields typed (${c.views.length} views in all, ${passed.length} passed through)\n` +
    `  screens: ${screens.join(', ')}\n  passed through: ${passed.join(', ') || 'none'}`
  );
};
