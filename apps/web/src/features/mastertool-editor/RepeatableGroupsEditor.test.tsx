// Server-side rendering of the repeatable groups editor on the demo configuration: one group per row with
// its code, names, items, limits and the rule raising the minimum; a change rendered as the controls make
// it; a problem of the draft check (or of the server, by its path) shown at the field it is about.
import type { RepeatableGroup } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { FieldProblems } from './fields';
import { problemMessage, problemPlace } from './problem-text';
import { addGroup, addItem, removeGroup, removeMinRule, setGroup } from './repeatable-groups';
import { RepeatableGroupsEditor } from './RepeatableGroupsEditor';
import { fieldId, serverProblems, validateDraft } from './validation';

const demo = demoProcedureGroup();
const groups: RepeatableGroup[] = demo.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];

const PATH = 'concierge_set.concierge_rule.form_rule.repeatable_groups';
const ja = createI18n('ja', [mastertoolMessages]);

const render = (
  list: readonly RepeatableGroup[],
  problems: ReadonlyMap<string, string> = new Map(),
  i18n = ja,
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <FieldProblems.Provider value={problems}>
        <RepeatableGroupsEditor
          path={PATH}
          groups={list}
          items={demo.standard_items}
          onChange={() => undefined}
          reportJson={() => undefined}
        />
      </FieldProblems.Provider>
    </I18nextProvider>,
  );

const rowsOf = (html: string) => html.split('data-testid="repeat-group"').slice(1);

/** The markup of the control of a path, up to its end. */
function control(html: string, path: string): string {
  const start = html.indexOf(`id="${fieldId(path)}"`);
  if (start < 0) throw new Error(`no control for ${path}`);
  const open = html.lastIndexOf('<', start);
  const end = html.indexOf('</select>', start);
  const close = html.indexOf('>', start) + 1;
  return html.slice(open, end < 0 || html.slice(close, end).includes('<input') ? close : end);
}

/** The value a native select shows as chosen. */
const chosen = (html: string, path: string) =>
  /<option[^>]*value="([^"]*)"[^>]*selected=""|<option[^>]*selected=""[^>]*value="([^"]*)"/
    .exec(control(html, path))
    ?.slice(1)
    .find((v) => v !== undefined);

/** The value of a text or number input. */
const typed = (html: string, path: string) => /value="([^"]*)"/.exec(control(html, path))?.[1];

describe('RepeatableGroupsEditor', () => {
  it('shows the demo group: code, names, items, minimum, maximum and the rule raising the minimum', () => {
    const html = render(groups);
    expect(rowsOf(html)).toHaveLength(1);
    expect(html).toContain('<ol');
    const row = rowsOf(html)[0]!;
    expect(row).toContain('繰り返しグループ 1');
    expect(typed(html, `${PATH}[0].code`)).toBe('child');
    expect(typed(html, `${PATH}[0].name`)).toBe('子');
    expect(typed(html, `${PATH}[0].en.name`)).toBe('child');
    expect(html).toContain(`for="${fieldId(`${PATH}[0].en.name`)}"`);
    expect(row).toContain('1人分の呼び名（英語）');
    // Every item of the group as a chosen select, labelled by its place.
    groups[0]!.standard_item_codes.forEach((code, j) =>
      expect(chosen(html, `${PATH}[0].standard_item_codes[${j}]`)).toBe(code),
    );
    expect(row).toContain('標準項目 2');
    expect(row).toContain('aria-label="標準項目 2 を削除（繰り返しグループ 1）"');
    expect(typed(html, `${PATH}[0].min`)).toBe('1');
    expect(typed(html, `${PATH}[0].max`)).toBe('5');
    // 多胎: at least two children.
    const rule = `${PATH}[0].min_rules[0]`;
    expect(chosen(html, `${rule}.conditions[0][0].source`)).toBe('birth_multiplicity');
    expect(chosen(html, `${rule}.conditions[0][0].symbol`)).toBe('equal');
    expect(chosen(html, `${rule}.conditions[0][0].expected`)).toBe('multiple');
    expect(typed(html, `${rule}.min`)).toBe('2');
    expect(row).toContain('aria-label="条件を削除（繰り返しグループ 1）"');
    expect(row).toContain('aria-label="削除（繰り返しグループ 1）"');
  });

  it('adds a group with one item to choose, and a rule raising the minimum once asked', () => {
    const html = render(addGroup(groups));
    expect(rowsOf(html)).toHaveLength(2);
    expect(typed(html, `${PATH}[1].code`)).toBe('');
    expect(chosen(html, `${PATH}[1].standard_item_codes[0]`)).toBe('');
    // A group's last item cannot be removed; there is no rule yet, only the button adding one.
    expect(rowsOf(html)[1]).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="標準項目 1 を削除（繰り返しグループ 2）"/,
    );
    expect(rowsOf(html)[1]).toContain('条件はありません（最小はいつも上の数です）。');
    expect(rowsOf(html)[1]).toContain('aria-label="最小を上げる条件を追加（繰り返しグループ 2）"');
    expect(render(addItem(groups, 0))).toContain(`id="${fieldId(`${PATH}[0].standard_item_codes[15]`)}"`);
  });

  it('shows edits, and no group once the last is removed', () => {
    const html = render(setGroup(removeMinRule(groups, 0), 0, { max: 3 }));
    expect(typed(html, `${PATH}[0].max`)).toBe('3');
    expect(html).not.toContain(`id="${fieldId(`${PATH}[0].min_rules[0].min`)}"`);
    const none = render(removeGroup(groups, 0));
    expect(rowsOf(none)).toHaveLength(0);
    expect(none).toContain('繰り返し項目のグループはありません。');
    expect(none).toContain('繰り返し項目のグループを追加');
  });

  it('puts a problem of the check, or of the server by its field name, at the field it is about', () => {
    const config = structuredClone(demo);
    const list = config.concierge_set.concierge_rule.form_rule.repeatable_groups!;
    list[0]!.standard_item_codes[1] = 'no_such_item';
    const problems = validateDraft(config);
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['unknown_item', `${PATH}[0].standard_item_codes[1]`],
    ]);
    // The server names the same field as procedure_group.….repeatable_groups.0.standard_item_codes.1.
    const server = serverProblems([
      {
        code: 'validation_failed',
        message: 'unknown standard item "no_such_item"',
        field: `procedure_group.${PATH}.0.standard_item_codes.1`,
      },
    ]);
    expect(server.map((p) => p.path)).toEqual([`${PATH}[0].standard_item_codes[1]`]);
    const t = ja.t.bind(ja);
    expect(problemPlace(t, config, problems[0]!.path)).toBe('繰り返しグループ 1 › 標準項目 2');
    const html = render(list, new Map(problems.map((p) => [p.path, problemMessage(t, p)])));
    const item = control(html, `${PATH}[0].standard_item_codes[1]`);
    expect(item).toContain('aria-invalid="true"');
    expect(item).toContain('>設定にない標準項目（no_such_item）</option>');
    expect(html).toContain('存在しない標準項目「no_such_item」を参照しています。');
    expect(control(html, `${PATH}[0].standard_item_codes[0]`)).not.toContain('aria-invalid="true"');
    // A problem without a field of its own is listed under the group's heading.
    const whole = render(list, new Map([[`${PATH}[0].min_rules[0].conditions`, '条件がありません。']]));
    expect(rowsOf(whole)[0]).toMatch(/id="[^"]*-problems"[^>]*>条件がありません。/);
  });

  it('names its controls in English too', async () => {
    const en = createI18n('ja', [mastertoolMessages]);
    await loadLanguage(en, 'en');
    const row = rowsOf(render(groups, new Map(), en))[0]!;
    expect(row).toContain('Repeatable group 1');
    expect(row).toContain('aria-label="Remove standard item 2 (repeatable group 1)"');
    expect(row).toContain('Condition raising the minimum');
  });
});
