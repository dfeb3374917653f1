// Server-side rendering of the prefill rules editor on the demo configuration: one row per rule with its
// item, its source (grouped by source) and its conditions in words; a change made as the row's controls
// make it; a problem of the draft's check shown at its row. (The handlers are one call each of the
// changes in prefill-rules.ts, so a change is followed by rendering its result.)
import type { PrefillRule } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { FieldProblems } from './fields';
import {
  addRule,
  conditionsSummary,
  removeRule,
  setAllConditions,
  setSource,
  setTarget,
} from './prefill-rules';
import { PrefillRulesEditor, vocabulary } from './PrefillRulesEditor';
import { problemMessage, problemPlace } from './problem-text';
import { addCondition, setCondition } from './rule-lists';
import { fieldId, validateDraft } from './validation';

const demo = demoProcedureGroup();

const PATH = 'concierge_set.concierge_rule.form_rule.prefill_rules';
const i18n = createI18n('ja', [mastertoolMessages]);
const t = i18n.t.bind(i18n);

const render = (rules: readonly PrefillRule[], problems: ReadonlyMap<string, string> = new Map()) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <FieldProblems.Provider value={problems}>
        <PrefillRulesEditor
          path={PATH}
          rules={rules}
          items={demo.standard_items}
          onChange={() => undefined}
        />
      </FieldProblems.Provider>
    </I18nextProvider>,
  );

/** The rows of the rendered list, each as its markup. */
const rowsOf = (html: string) => html.split('data-testid="prefill-rule"').slice(1);

/** The markup of the select (or input) of a path, up to its end. */
function control(html: string, path: string): string {
  const start = html.indexOf(`id="${fieldId(path)}"`);
  if (start < 0) throw new Error(`no control for ${path}`);
  const open = html.lastIndexOf('<', start);
  const end = html.indexOf('</select>', start);
  return html.slice(open, end < 0 ? html.indexOf('>', start) + 1 : end);
}

/** The value a native select shows as chosen. */
const chosen = (html: string, path: string) =>
  /<option[^>]*value="([^"]*)"[^>]*selected=""|<option[^>]*selected=""[^>]*value="([^"]*)"/
    .exec(control(html, path))
    ?.slice(1)
    .find((v) => v !== undefined);

describe('PrefillRulesEditor', () => {
  it('shows each demo rule as a row: the item, the source grouped by source, the conditions in words', () => {
    const rules = demo.concierge_set.concierge_rule.form_rule.prefill_rules;
    const html = render(rules);
    expect(rowsOf(html)).toHaveLength(rules.length);
    expect(html).toContain('<ol');
    expect(html).toContain(
      '同じ標準項目に複数のルールがあるときは、上から順に見て、条件が成り立ち、入力元に値がある最初のルールで入力します。',
    );
    // Every control has a label tied to it.
    expect(html).toContain(`for="${fieldId(`${PATH}[0].target`)}"`);
    expect(html).toContain(`for="${fieldId(`${PATH}[0].source`)}"`);
    expect(chosen(html, `${PATH}[0].target`)).toBe('applicant_last_name');
    expect(chosen(html, `${PATH}[0].source`)).toBe('profile.last_name');
    const source = control(html, `${PATH}[0].source`);
    for (const group of ['マイナンバーカード', '住民記録', '公金受取口座'])
      expect(source).toContain(`<optgroup label="${group}">`);
    // Each source in words, never its claim path (the path is the chosen one's small caption).
    expect(source).toContain('>住民記録の配偶者の名</option>');
    expect(source).toContain('>公金受取口座の口座番号</option>');
    expect(source).not.toMatch(/>[^<]*(profile|registry|public_account|mynaportal)\.[^<]*<\/option>/);
    expect(html).toContain('コード：profile.last_name');
    // The item by its name and code; a row names itself and its buttons.
    expect(control(html, `${PATH}[0].target`)).toMatch(/>[^<]+ · applicant_last_name<\/option>/);
    expect(rowsOf(html)[0]).toContain('事前入力ルール 1');
    expect(rowsOf(html)[0]).toContain('aria-label="削除（事前入力ルール 1）"');
    expect(rowsOf(html)[0]).toContain('aria-label="事前入力ルール 1 を1つ上へ"');
    expect(rowsOf(html)[0]).toContain('条件なし（いつでも入力します）');
    // A rule for the father's name from the card, while the notifier is the father.
    const i = rules.findIndex((r) => r.target === 'father_last_name' && r.source === 'profile.last_name');
    const row = rowsOf(html)[i]!;
    expect(row).toContain('届出人の資格が「父」であるとき');
    expect(row).toContain('aria-expanded="false"');
    expect(row).toContain(`aria-label="条件を編集（事前入力ルール ${i + 1}）"`);
  });

  it('shows a changed source as chosen, and nothing else changed', () => {
    const rules = demo.concierge_set.concierge_rule.form_rule.prefill_rules;
    const changed = setSource(rules, 3, 'registry.first_name_kana');
    expect(changed.filter((r, i) => r !== rules[i])).toHaveLength(1);
    const html = render(changed);
    expect(chosen(html, `${PATH}[3].source`)).toBe('registry.first_name_kana');
    expect(chosen(html, `${PATH}[2].source`)).toBe(rules[2]!.source);
  });

  it('adds a rule with a condition that the draft check accepts, and reads it in words', () => {
    const rules = demo.concierge_set.concierge_rule.form_rule.prefill_rules;
    const n = rules.length;
    let next = addRule(rules);
    expect(chosen(render(next), `${PATH}[${n}].target`)).toBe('');
    next = setTarget(next, n, 'spouse_last_name');
    next = setSource(next, n, 'registry.spouse_last_name');
    // As the typed conditions do it: a first group, its item and value.
    const ors = setCondition(addCondition([], 0), 0, 0, { source: 'notifier_role', expected: 'mother' });
    next = setAllConditions(next, n, ors);
    expect(next[n]).toEqual({
      source: 'registry.spouse_last_name',
      target: 'spouse_last_name',
      conditions: [[{ source: 'notifier_role', symbol: 'equal', expected: 'mother' }]],
    });
    const config = structuredClone(demo);
    config.concierge_set.concierge_rule.form_rule.prefill_rules = next;
    expect(validateDraft(config)).toEqual([]);
    const row = rowsOf(render(next))[n]!;
    expect(row).toContain('事前入力ルール ' + String(n + 1));
    expect(row).toContain('届出人の資格が「母」であるとき');
  });

  it('removes a rule: the rows after it move up', () => {
    const rules = demo.concierge_set.concierge_rule.form_rule.prefill_rules;
    const html = render(removeRule(rules, 0));
    expect(rowsOf(html)).toHaveLength(rules.length - 1);
    expect(chosen(html, `${PATH}[0].target`)).toBe(rules[1]!.target);
  });

  it('shows a problem of the draft check at the row and field it is about', () => {
    const config = structuredClone(demo);
    const rules = config.concierge_set.concierge_rule.form_rule.prefill_rules;
    rules[3]!.source = 'registry.no_such_claim';
    const conditional = rules.findIndex((r) => r.conditions);
    rules[conditional]!.conditions = [[{ source: 'no_such_item', symbol: 'equal', expected: 'father' }]];
    const problems = validateDraft(config);
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['unknown_claim', `${PATH}[3].source`],
      ['unknown_item', `${PATH}[${conditional}].conditions[0][0].source`],
    ]);
    const messages = new Map(problems.map((p) => [p.path, problemMessage(t, p)]));
    const html = render(rules, messages);

    // The summary's link names the row as the row names itself.
    expect(problemPlace(t, config, problems[0]!.path)).toBe('事前入力ルール 4 › 入力元');
    expect(problemPlace(t, config, problems[1]!.path)).toBe(
      `事前入力ルール ${conditional + 1} › 条件 › 比べる標準項目`,
    );
    const source = control(html, `${PATH}[3].source`);
    expect(source).toContain('aria-invalid="true"');
    expect(source).toContain(`aria-describedby="${fieldId(`${PATH}[3].source`)}-helper-text"`);
    expect(source).toContain('<optgroup label="一覧にない入力元">');
    expect(chosen(html, `${PATH}[3].source`)).toBe('registry.no_such_claim');
    expect(rowsOf(html)[3]).toContain(
      '存在しない入力元「registry.no_such_claim」から自動入力しようとしています。',
    );
    expect(rowsOf(html)[2]).not.toContain('aria-invalid="true"');

    // A condition's problem opens the row's conditions at the field that has it.
    const row = rowsOf(html)[conditional]!;
    expect(row).toContain('aria-expanded="true"');
    expect(row).toContain('存在しない標準項目「no_such_item」を参照しています。');
    const item = control(html, `${PATH}[${conditional}].conditions[0][0].source`);
    expect(item).toContain('aria-invalid="true"');
    expect(item).toContain('>設定にない標準項目（no_such_item）</option>');
  });

  it('names rows and summaries in English too', async () => {
    const en = createI18n('ja', [mastertoolMessages]);
    await loadLanguage(en, 'en');
    const words = vocabulary(en.t.bind(en), demo.standard_items, 'en');
    const rule = demo.concierge_set.concierge_rule.form_rule.prefill_rules.find((r) => r.conditions)!;
    expect(words.claimLabel('registry', 'spouse_first_name')).toBe("Spouse's first name");
    expect(words.forRule('Remove', 2)).toBe('Remove (prefill rule 2)');
    expect(conditionsSummary(rule, words.summary)).toMatch(/^When .+ is “.+”$/);
  });
});
