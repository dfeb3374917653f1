// Server-side rendering of one question's pickers on the demo configuration: the items it asks, copies and
// checks as names, and the procedures it leads to, shown as chips of the name (the code their title) picked
// from the group;
// a code the group lacks stays, flagged, and the field says so.
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { ConciergeEditor } from './ConciergeEditor';
import { fieldId } from './validation';

const ja = createI18n('ja', [mastertoolMessages]);
const PATH = 'concierge_set.question';

/** Renders the question of that name, among the others of its sub category. */
function render(config: ProcedureGroupConfiguration, name: string) {
  const subs = [
    config.concierge_set.filter_concierge_category,
    ...config.concierge_set.assistant_concierge_category,
  ].flatMap((c) => c.concierge_sub_category);
  const sub = subs.find((s) => s.concierges.some((q) => q.name === name))!;
  const concierge = sub.concierges.find((q) => q.name === name)!;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={ja}>
      <ConciergeEditor
        config={config}
        concierge={concierge}
        path={PATH}
        targets={sub.concierges}
        edit={() => undefined}
        onRemove={() => undefined}
      />
    </I18nextProvider>,
  );
  return html.replace(/<style[^>]*>.*?<\/style>/gs, '');
}

function picker(html: string, field: string): string {
  const at = html.indexOf(`id="${fieldId(`${PATH}.${field}`)}"`);
  if (at < 0) throw new Error(`no control for ${field}`);
  const start = html.lastIndexOf('MuiAutocomplete-root', at);
  const end = html.indexOf('MuiAutocomplete-root', at);
  return html.slice(start, end < 0 ? undefined : end);
}
const chips = (markup: string) => [...markup.matchAll(/MuiChip-label[^>]*>([^<]*)</g)].map((m) => m[1]);
/** The chips' titles: the code, on hover. */
const titles = (markup: string) =>
  [...markup.matchAll(/<div[^>]*MuiChip-root[^>]*>/g)].map((m) => /title="([^"]*)"/.exec(m[0])?.[1]);
const helper = (markup: string) => /-helper-text">(.*?)<\/p>/.exec(markup)?.[1];
const label = (markup: string) => /<label[^>]*>([^<]*)</.exec(markup)?.[1];

describe('ConciergeEditor pickers', () => {
  it('shows the items a question asks, copies and checks as chips of the name, the code on hover', () => {
    const config = demoProcedureGroup();
    const html = render(config, '子の住所・世帯主');
    const name = (code: string) => config.standard_items.find((i) => i.code === code)!.name;
    const items = picker(html, 'standard_item_code');
    expect(label(items)).toBe('入力する標準項目');
    expect(items).toContain('role="combobox"');
    const asked = [
      'child_postal_code',
      'child_address',
      'household_head_name',
      'household_head_relationship',
    ];
    expect(chips(items)).toEqual(asked.map(name));
    expect(titles(items)).toEqual(asked);
    expect(items).not.toContain('（child_address）');
    expect(chips(picker(html, 'copyable_standard_item_codes'))).toEqual([
      name('applicant_postal_code'),
      name('applicant_address'),
    ]);
    expect(chips(picker(html, 'requires_name_validation'))).toEqual([]);
    expect(html).not.toContain('カンマ');
  });

  it('shows the procedures a question leads to by name, the code on hover', () => {
    const html = render(demoProcedureGroup(), '出生の有無');
    const procedures = picker(html, 'concierge_procedure_codes');
    expect(label(procedures)).toBe('対象の手続き');
    expect(chips(procedures)[0]).toBe('出生届');
    expect(titles(procedures)[0]).toBe('birth_notification');
    expect(chips(procedures)).toHaveLength(3);
  });

  it('keeps codes the group lacks, flagged, and names them under the field', () => {
    const config = demoProcedureGroup();
    const q = config.concierge_set.filter_concierge_category.concierge_sub_category
      .flatMap((s) => s.concierges)
      .find((c) => c.name === '出生の有無')!;
    q.standard_item_code = ['ghost_item'];
    q.concierge_procedure_codes.push({ id: 99, procedure_code: 'ghost_procedure' });
    const html = render(config, '出生の有無');
    const items = picker(html, 'standard_item_code');
    expect(chips(items)).toEqual(['ghost_item（この手続きグループにない標準項目）']);
    expect(titles(items)).toEqual([undefined]);
    expect(helper(items)).toBe(
      '候補にないコードがあります: ghost_item。別のものを選ぶか、削除してください。',
    );
    const procedures = picker(html, 'concierge_procedure_codes');
    expect(chips(procedures)).toContain('ghost_procedure（この手続きグループにない手続き）');
    expect(helper(procedures)).toContain('ghost_procedure');
  });
});
