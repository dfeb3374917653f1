// Server-side rendering of a JSON field with the draft's live problems: each problem inside the field's
// part is named with the line it is on in the field's text; problems of other parts are not shown here.
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { JsonInput, LiveDraftProblems } from './JsonInput';
import { validateDraft, type DraftProblem } from './validation';

const i18n = createI18n('ja', [mastertoolMessages]);

const render = (path: string, value: unknown, live: readonly DraftProblem[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LiveDraftProblems.Provider value={live}>
        <JsonInput
          path={path}
          label="標準項目"
          value={value}
          onChange={() => undefined}
          onInvalid={() => undefined}
        />
      </LiveDraftProblems.Provider>
    </I18nextProvider>,
  );

/** The text's line (from 1) that contains a needle. */
const lineOf = (value: unknown, needle: string) =>
  JSON.stringify(value, null, 2)
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

describe('JsonInput with the live check', () => {
  it('names the line of a problem inside its part', () => {
    const draft = demoProcedureGroup();
    const items = draft.standard_items;
    const broken = { ...items[2]!, type: 'no-such-type' } as unknown as (typeof items)[number];
    const value = [...items.slice(0, 2), broken, ...items.slice(3)];
    const live = validateDraft({ ...draft, standard_items: value });
    expect(live.some((p) => p.path.startsWith('standard_items[2]'))).toBe(true);

    const html = render('standard_items', value, live);
    expect(html).toContain(`${lineOf(value, '"no-such-type"')}行目: `);
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows the help text when its part has no problem, whatever other parts have', () => {
    const draft = demoProcedureGroup();
    const live: DraftProblem[] = [
      { path: 'reports[0].name', code: 'invalid_value', value: null, detail: 'x' },
    ];
    const html = render('standard_items', draft.standard_items, live);
    expect(html).toContain('JSON で入力します。');
    expect(html).not.toContain('行目');
  });

  it('counts problems past the third', () => {
    const draft = demoProcedureGroup();
    const live: DraftProblem[] = [0, 1, 2, 3, 4].map((i) => ({
      path: `standard_items[${i}].code`,
      code: 'invalid_value',
      value: null,
      detail: `problem ${i}`,
    }));
    const html = render('standard_items', draft.standard_items, live);
    expect(html).toContain('problem 2');
    expect(html).not.toContain('problem 3');
    expect(html).toContain('ほか 2 件');
  });
});
