// @vitest-environment happy-dom
// The rules tab's typed lists (decision 0054) on the demo configuration, operated as an operator does:
// rules set through the pickers land in the draft, conditions grouped by "and" and "or", rows moved and
// removed, the JSON expert view editing the same value, and the check's places each naming a field.
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { publicationCheck } from '@portal/rules';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { categoriesOf } from './editor-state';
import { FieldProblems } from './fields';
import { RulesTab } from './RulesTab';
import { fieldId, tabOf, validateDraft } from './validation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const RULES = 'concierge_set.concierge_rule';
const i18n = createI18n('ja', [mastertoolMessages]);

/** The demo with two rows of each typed list and no prefill rules or groups (happy-dom renders slowly). */
function small(): ProcedureGroupConfiguration {
  const config = demoProcedureGroup();
  const rule = config.concierge_set.concierge_rule;
  rule.form_rule.copy_forms = rule.form_rule.copy_forms.slice(0, 2);
  rule.form_rule.hidden_rules = rule.form_rule.hidden_rules.slice(0, 2);
  rule.form_rule.prefill_rules = [];
  delete rule.form_rule.repeatable_groups;
  rule.prefill_form_rule.prefill_forms = rule.prefill_form_rule.prefill_forms.slice(0, 2);
  return config;
}

/** The tab on a draft it changes as the editor does; `draft()` is the draft of now. */
function open(start: ProcedureGroupConfiguration = small(), problems = new Map<string, string>()) {
  let current = start;
  const reported = new Map<string, string>();
  function Harness() {
    const [config, setConfig] = useState(start);
    current = config;
    return (
      <I18nextProvider i18n={i18n}>
        <FieldProblems.Provider value={problems}>
          <RulesTab
            config={config}
            edit={(change) =>
              setConfig((c) => {
                const next = structuredClone(c);
                change(next);
                return next;
              })
            }
            reportJson={(path, message) => {
              if (message === null) reported.delete(path);
              else reported.set(path, message);
            }}
          />
        </FieldProblems.Provider>
      </I18nextProvider>
    );
  }
  render(<Harness />);
  return { draft: () => current, reported };
}

const section = (name: string) => screen.getByRole('region', { name });
const rows = (testId: string) => screen.getAllByTestId(testId);

describe('copy rules', () => {
  it('adds a rule through the item pickers, with a condition, moved up and removed', async () => {
    const user = userEvent.setup();
    const { draft } = open();
    const before = small().concierge_set.concierge_rule.form_rule.copy_forms;
    const copy = section('コピーのルール');
    await user.click(within(copy).getByRole('button', { name: 'コピーのルールを追加' }));
    const n = before.length + 1;
    const row = rows('copy-rule')[n - 1]!;
    // The new row's first picker has the focus; items are offered by name.
    const source = within(row).getByRole('combobox', { name: 'コピー元の標準項目' });
    expect(document.activeElement).toBe(source);
    expect(within(source).getByRole('option', { name: / · applicant_address$/ })).toBeTruthy();
    await user.selectOptions(source, 'applicant_address');
    await user.selectOptions(
      within(row).getByRole('combobox', { name: 'コピー先の標準項目' }),
      'child_address',
    );
    expect(within(row).getByText('条件はありません（いつでもコピーできます）。')).toBeTruthy();
    expect(draft().concierge_set.concierge_rule.form_rule.copy_forms[n - 1]).toEqual({
      source: 'applicant_address',
      target: 'child_address',
    });

    await user.click(within(row).getByRole('button', { name: `条件を追加（コピーのルール ${n}）` }));
    const condition = within(row).getByRole('group', { name: `条件 1（条件の組 1）（コピーのルール ${n}）` });
    const item = within(condition).getByRole('combobox', { name: '比べる標準項目' });
    expect(document.activeElement).toBe(item);
    await user.selectOptions(item, 'notifier_role');
    // An item with choices offers them as the value.
    await user.selectOptions(within(condition).getByRole('combobox', { name: '比べる値' }), 'father');
    expect(draft().concierge_set.concierge_rule.form_rule.copy_forms[n - 1]).toEqual({
      source: 'applicant_address',
      target: 'child_address',
      conditions: [[{ source: 'notifier_role', symbol: 'equal', expected: 'father' }]],
    });

    await user.click(within(row).getByRole('button', { name: `コピーのルール ${n} を1つ上へ` }));
    const moved = draft().concierge_set.concierge_rule.form_rule.copy_forms;
    expect(moved[n - 2]?.target).toBe('child_address');
    expect(moved[n - 1]).toEqual(before[n - 2]);

    const up = rows('copy-rule')[n - 2]!;
    await user.click(within(up).getByRole('button', { name: `削除（コピーのルール ${n - 1}）` }));
    expect(draft().concierge_set.concierge_rule.form_rule.copy_forms).toEqual(before);
  });
});

describe('hidden rules', () => {
  it('start with a condition; "or" adds a group; the last condition removed says one is needed', async () => {
    const user = userEvent.setup();
    const { draft } = open();
    const hidden = section('フォームの非表示ルール');
    await user.click(within(hidden).getByRole('button', { name: 'フォームの非表示ルールを追加' }));
    const list = rows('hidden-rule').filter((r) => hidden.contains(r));
    const n = list.length;
    const row = list[n - 1]!;
    await user.selectOptions(
      within(row).getByRole('combobox', { name: '表示しない標準項目' }),
      'spouse_last_name',
    );
    const first = within(row).getByRole('group', { name: `条件 1（条件の組 1）（非表示ルール ${n}）` });
    await user.selectOptions(
      within(first).getByRole('combobox', { name: '比べる標準項目' }),
      'spouse_exists',
    );
    await user.selectOptions(within(first).getByRole('combobox', { name: '比べる値' }), 'no');
    // Each button's name holds its visible text (WCAG 2.5.3) and says which group and row.
    expect(
      within(row).getByRole('button', { name: `「かつ」の条件を追加（条件の組 1）（非表示ルール ${n}）` }),
    ).toHaveProperty('textContent', '「かつ」の条件を追加');
    await user.click(
      within(row).getByRole('button', { name: `「または」の条件の組を追加（非表示ルール ${n}）` }),
    );
    const second = within(row).getByRole('group', { name: `条件 1（条件の組 2）（非表示ルール ${n}）` });
    await user.selectOptions(
      within(second).getByRole('combobox', { name: '比べる標準項目' }),
      'birth_weight',
    );
    await user.selectOptions(within(second).getByRole('combobox', { name: '比べ方' }), 'below');
    await user.type(within(second).getByRole('textbox', { name: '比べる値' }), '18');
    expect(draft().concierge_set.concierge_rule.form_rule.hidden_rules[n - 1]).toEqual({
      target: 'spouse_last_name',
      conditions: [
        [{ source: 'spouse_exists', symbol: 'equal', expected: 'no' }],
        [{ source: 'birth_weight', symbol: 'below', expected: '18' }],
      ],
    });

    for (const j of [2, 1])
      await user.click(
        within(row).getByRole('button', { name: `条件 1 を削除（条件の組 ${j}）（非表示ルール ${n}）` }),
      );
    expect(draft().concierge_set.concierge_rule.form_rule.hidden_rules[n - 1]?.conditions).toEqual([]);
    expect(within(row).getByText('条件がありません。条件を1つ以上追加してください。')).toBeTruthy();
    // Such a draft is refused at the conditions, which the row shows as a field.
    expect(validateDraft(draft()).map((p) => p.path)).toContain(
      `${RULES}.form_rule.hidden_rules[${n - 1}].conditions`,
    );
  });

  it('hides procedures chosen by name', async () => {
    const user = userEvent.setup();
    const { draft } = open();
    const procedures = section('手続きの非表示ルール');
    await user.click(within(procedures).getByRole('button', { name: '手続きの非表示ルールを追加' }));
    const row = rows('procedure-hidden-rule').at(-1)!;
    const target = within(row).getByRole('combobox', { name: '外す手続き' });
    expect(within(target).getByRole('option', { name: /^児童手当.*· child_allowance$/ })).toBeTruthy();
    await user.selectOptions(target, 'child_allowance');
    expect(draft().concierge_set.concierge_rule.procedure_rule.hidden_rules.at(-1)?.target).toBe(
      'child_allowance',
    );
  });
});

describe('prefill by option', () => {
  it('offers options under their question and the item’s own choices as the value', async () => {
    const user = userEvent.setup();
    const { draft } = open();
    const forms = section('選択肢による事前入力');
    await user.click(within(forms).getByRole('button', { name: '選択肢による事前入力を追加' }));
    const row = rows('prefill-form').at(-1)!;
    const source = within(row).getByRole('combobox', { name: '選ばれた選択肢' });
    const father = within(source).getByRole('option', { name: '父' }) as HTMLOptionElement;
    expect(father.parentElement?.tagName).toBe('OPTGROUP');
    await user.selectOptions(source, father);
    await user.selectOptions(
      within(row).getByRole('combobox', { name: '入力する標準項目' }),
      'notifier_role',
    );
    await user.selectOptions(within(row).getByRole('combobox', { name: '入力する値' }), 'father');
    expect(draft().concierge_set.concierge_rule.prefill_form_rule.prefill_forms.at(-1)).toEqual({
      source: '9',
      target: 'notifier_role',
      expected: 'father',
    });
  });
});

describe('the JSON expert view', () => {
  it('edits the same value, and keeps in JSON what the form cannot show', async () => {
    const user = userEvent.setup();
    const { draft, reported } = open();
    const copy = section('コピーのルール');
    await user.click(
      within(copy).getByRole('button', { name: 'JSONで編集（上級者向け）（コピーのルール）' }),
    );
    const json = within(copy).getByRole('textbox', { name: 'コピーのルール' });
    expect(document.activeElement).toBe(json);
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual(
      small().concierge_set.concierge_rule.form_rule.copy_forms,
    );
    fireEvent.change(json, {
      target: { value: '[{"source":"applicant_address","target":"child_address"}]' },
    });
    expect(draft().concierge_set.concierge_rule.form_rule.copy_forms).toEqual([
      { source: 'applicant_address', target: 'child_address' },
    ]);
    await user.click(within(copy).getByRole('button', { name: 'フォームで編集（コピーのルール）' }));
    expect(rows('copy-rule')).toHaveLength(1);
    expect(
      (within(copy).getByRole('combobox', { name: 'コピー先の標準項目' }) as HTMLSelectElement).value,
    ).toBe('child_address');

    // Text that is not JSON is reported at the list; a shape the form cannot show stays in JSON.
    await user.click(
      within(copy).getByRole('button', { name: 'JSONで編集（上級者向け）（コピーのルール）' }),
    );
    const again = within(copy).getByRole('textbox', { name: 'コピーのルール' });
    fireEvent.change(again, { target: { value: '{' } });
    expect(reported.has(`${RULES}.form_rule.copy_forms`)).toBe(true);
    fireEvent.change(again, { target: { value: '{}' } });
    expect(reported.size).toBe(0);
    expect(draft().concierge_set.concierge_rule.form_rule.copy_forms).toEqual({});
    expect(within(copy).getByText(/この内容はフォームで表示できません/)).toBeTruthy();
    expect(within(copy).getByRole('button', { name: 'フォームで編集（コピーのルール）' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('the check’s places', () => {
  it('name a field for a rule naming a deleted item, option or procedure', () => {
    const config = small();
    config.standard_items = config.standard_items.filter(
      (i) => i.code !== 'child_address' && i.code !== 'spouse_exists',
    );
    config.disclosure.procedures = config.disclosure.procedures.filter(
      (p) => p.code !== 'child_medical_subsidy',
    );
    const question = categoriesOf(config)
      .flatMap((c) => c.concierge_sub_category)
      .flatMap((s) => s.concierges)
      .find((q) => q.concierge_options.some((o) => o.id === 9))!;
    question.concierge_options = question.concierge_options.filter((o) => o.id !== 9);
    const paths = validateDraft(config)
      .map((p) => p.path)
      .filter((p) => /\.(copy_forms|hidden_rules|prefill_forms)\[/.test(p));
    expect(paths).toEqual(
      expect.arrayContaining([
        `${RULES}.form_rule.copy_forms[1].target`,
        `${RULES}.form_rule.hidden_rules[0].conditions[0][0].source`,
        `${RULES}.procedure_rule.hidden_rules[1].target`,
        `${RULES}.prefill_form_rule.prefill_forms[1].source`,
      ]),
    );
    open(config, new Map(paths.map((p) => [p, '問題があります'])));
    for (const path of paths) {
      const field = document.getElementById(fieldId(path));
      expect(field?.tagName, path).toBe('SELECT');
      expect(field?.getAttribute('aria-invalid'), path).toBe('true');
    }
  });

  it('name a field for a rule naming an item no page asks (the pre-reflection check)', () => {
    const config = small();
    const gone = new Set(['child_address', 'spouse_last_name']);
    for (const p of config.disclosure.procedures)
      p.procedure_fragments = p.procedure_fragments.filter((f) => !gone.has(f.standard_item_code));
    for (const q of categoriesOf(config)
      .flatMap((c) => c.concierge_sub_category)
      .flatMap((s) => s.concierges))
      q.standard_item_code = q.standard_item_code.filter((code) => !gone.has(code));
    const paths = publicationCheck(config)
      .filter((p) => p.code === 'rule_item_not_asked')
      .map((p) => p.path)
      .filter((p) => /\.(copy_forms|hidden_rules|prefill_forms)\[/.test(p));
    expect(paths).toEqual(
      expect.arrayContaining([
        `${RULES}.form_rule.copy_forms[1].target`,
        `${RULES}.form_rule.hidden_rules[0].target`,
      ]),
    );
    open(config);
    for (const path of paths) {
      expect(tabOf(path)).toBe('rules');
      expect(document.getElementById(fieldId(path))?.tagName, path).toBe('SELECT');
    }
  });
});
