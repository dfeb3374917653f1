// Server-side rendering of a question: labels, names and the error wiring, without a DOM.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { sampleFilter } from '../../testing/fixtures';
import { ConciergeQuestion } from './ConciergeQuestion';
import { filterView } from './filter';

const i18n = createI18n('ja');
const render = (answers: number[], conciergeId: number, error?: string) => {
  const view = filterView(sampleFilter.category, answers, '2026-04-01');
  const question = view.sections.flatMap((s) => s.questions).find((q) => q.concierge.id === conciergeId);
  if (!question) throw new Error(`question ${conciergeId} is not shown`);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ConciergeQuestion question={question} error={error} onChoose={() => undefined} />
    </I18nextProvider>,
  );
};

describe('ConciergeQuestion', () => {
  it('is a fieldset whose legend labels the radio group, one radio per option in order', () => {
    const html = render([], 1);
    expect(html).toMatch(/<fieldset[^>]*data-concierge="1"/);
    expect(html).toMatch(/<legend[^>]*id="concierge-1-label"[^>]*>お子さんは生まれましたか？<\/legend>/);
    expect(html).toContain('role="radiogroup"');
    expect(html).toContain('aria-labelledby="concierge-1-label"');
    expect([...html.matchAll(/<input[^>]*type="radio"[^>]*value="(\d+)"/g)].map((m) => m[1])).toEqual([
      '1',
      '2',
    ]);
    expect(html).not.toContain('checked=""');
  });

  it('checks the chosen option and shows the remarks as a description', () => {
    const html = render([1, 3, 5, 8], 4);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="8"|<input[^>]*value="8"[^>]*checked=""/);
    expect(html).toContain('id="concierge-4-remarks"');
    expect(html).toContain('補足: 公務員の方の児童手当は、勤務先に請求します。');
    expect(html).toContain('aria-describedby="concierge-4-remarks"');
  });

  it('names the missing answer and points the group at the message', () => {
    const html = render([1], 2, 'この質問に答えてください。');
    expect(html).toContain('id="concierge-2-error"');
    expect(html).toContain('aria-describedby="concierge-2-error"');
    expect(html).toContain('この質問に答えてください。');
  });
});
