// Server-side rendering of the procedures tab on the demo configuration: the code picked from the
// reference data (a code it lacks flagged as new) with the explicit create button; fragments as sections
// whose items show as chips of the name, the code their title (an unknown one kept and flagged, a problem at its section);
// check messages row by row with their English; procedural rules as sets of picked conditions; no JSON.
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import type { EditorReference } from './editor-state';
import { FieldProblems } from './fields';
import { ProceduresTab } from './ProceduresTab';
import { fieldId } from './validation';

const ja = createI18n('ja', [mastertoolMessages]);
const demo = () => demoProcedureGroup();
const BIRTH = 'disclosure.procedures[0]';

function render(
  config: ProcedureGroupConfiguration,
  reference: Partial<EditorReference> = {},
  problems: ReadonlyMap<string, string> = new Map(),
) {
  const full: EditorReference = {
    standardItems: config.standard_items,
    departments: [],
    procedureCodes: config.disclosure.procedures.map((p) => ({ value: p.code, label: p.name })),
    attachCodes: [],
    ...reference,
  };
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={ja}>
      <FieldProblems.Provider value={problems}>
        <ProceduresTab config={config} edit={() => undefined} reference={full} />
      </FieldProblems.Provider>
    </I18nextProvider>,
  );
  return html.replace(/<style[^>]*>.*?<\/style>/gs, '');
}

/** The markup of one picker (Autocomplete) from its root to the next one. */
function picker(html: string, path: string): string {
  const at = html.indexOf(`id="${fieldId(path)}"`);
  if (at < 0) throw new Error(`no control for ${path}`);
  const start = html.lastIndexOf('MuiAutocomplete-root', at);
  const end = html.indexOf('MuiAutocomplete-root', at);
  return html.slice(start, end < 0 ? undefined : end);
}
const chips = (markup: string) => [...markup.matchAll(/MuiChip-label[^>]*>([^<]*)</g)].map((m) => m[1]);
const inputValue = (markup: string, path: string) =>
  new RegExp(`id="${fieldId(path)}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*id="${fieldId(path)}"`)
    .exec(markup)
    ?.slice(1)
    .find((v) => v !== undefined);
const helper = (markup: string) => /-helper-text">(.*?)<\/p>/.exec(markup)?.[1];

describe('ProceduresTab', () => {
  it('shows the code picked from the reference data, with the explicit way to create one', () => {
    const html = render(demo());
    const code = picker(html, `${BIRTH}.code`);
    expect(inputValue(code, `${BIRTH}.code`)).toBe('出生届 · birth_notification');
    expect(code).toContain('role="combobox"');
    expect(helper(code)).toContain('参照データから選びます');
    expect(html).toContain('aria-label="新しい手続きコードを作る（出生届）"');
    expect(html).not.toContain('（JSON）');
  });

  it('flags a code the reference data lacks as new instead of hiding it', () => {
    const html = render(demo(), { procedureCodes: [{ value: 'birth_notification', label: '出生届' }] });
    const code = picker(html, 'disclosure.procedures[1].code');
    expect(inputValue(code, 'disclosure.procedures[1].code')).toMatch(
      / · child_allowance（参照データにない新しいコード）$/,
    );
  });

  it('shows fragments as sections of picked items, each by name, the code on hover', () => {
    const config = demo();
    const html = render(config);
    const sections = html
      .split('data-testid="fragment-section"')
      .slice(1)
      .filter((s) => s.includes(fieldId(`${BIRTH}.procedure_fragments_sections`)));
    expect(sections).toHaveLength(7);
    expect(sections[0]).toContain('見出し 1: 子');
    const path = `${BIRTH}.procedure_fragments_sections[0]`;
    expect(inputValue(html, `${path}.name`)).toBe('子');
    expect(inputValue(html, `${path}.en.name`)).toBe('Child');
    const name = config.standard_items.find((i) => i.code === 'child_last_name')!.name;
    expect(chips(picker(html, `${path}.codes`))).toHaveLength(7);
    expect(chips(picker(html, `${path}.codes`))[0]).toBe(name);
    expect(picker(html, `${path}.codes`)).toContain('title="child_last_name"');
    expect(html).toContain('aria-label="見出し 2 を1つ上へ（出生届）"');
    expect(html).toContain('aria-label="見出し 1 を削除（出生届）"');
    expect(html).toContain('見出しを追加（出生届）');
  });

  it('keeps an item the group lacks, flagged, and shows a row’s problem at its section', () => {
    const config = demo();
    config.disclosure.procedures[0]!.procedure_fragments[8]!.standard_item_code = 'ghost_item';
    const problem = '存在しない標準項目「ghost_item」を参照しています。';
    const html = render(
      config,
      {},
      new Map([[`${BIRTH}.procedure_fragments[8].standard_item_code`, problem]]),
    );
    const second = picker(html, `${BIRTH}.procedure_fragments_sections[1].codes`);
    expect(chips(second)).toContain('ghost_item（この手続きグループにない標準項目）');
    expect(helper(second)).toBe(problem);
    // Without the problem, the picker says which codes it does not know.
    const plain = picker(render(config), `${BIRTH}.procedure_fragments_sections[1].codes`);
    expect(helper(plain)).toContain('候補にないコードがあります: ghost_item');
  });

  it('lists each check message with its English, named by the configuration’s paths', () => {
    const config = demo();
    const html = render(config);
    const p = config.disclosure.procedures[0]!;
    expect(html.match(/data-testid="check-message"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain(`id="${fieldId(`${BIRTH}.check_messages[0]`)}"`);
    expect(html).toContain(`>${p.check_messages[0]}</textarea>`);
    expect(html).toContain(`>${p.en!.check_messages![0]}</textarea>`);
    expect(html).toContain('確認文 1（英語）');
    expect(html).toContain('確認文を追加（出生届）');
  });

  it('shows procedural rules as sets of conditions with the item, comparison and value picked', () => {
    const html = render(demo());
    const rules = 'disclosure.procedures[1].procedural_rules';
    const sets = html.split('data-testid="procedural-rule"').slice(1);
    expect(
      sets.filter((s) => s.includes(fieldId(`${rules}[0]`)) || s.includes(fieldId(`${rules}[1]`))),
    ).toHaveLength(2);
    expect(html).toContain('または 条件のまとまり 2');
    const select = (path: string) => {
      const at = html.indexOf(`id="${fieldId(path)}"`);
      return /<option[^>]*selected=""[^>]*>([^<]*)</.exec(html.slice(at, html.indexOf('</select>', at)))?.[1];
    };
    expect(select(`${rules}[0][0].standard_item_code`)).toMatch(/ · applicant_pension_type$/);
    expect(select(`${rules}[0][0].symbol`)).toBe('等しい');
    expect(html).toContain('aria-label="条件 2 を削除（まとまり 1）"');
    expect(html).toContain('条件はありません（いつも対象になります）。');
  });
});
