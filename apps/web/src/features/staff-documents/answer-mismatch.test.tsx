// The staff answers flag what differs from the card or the registry (issue 32), as the resident's review
// did: a summary with the count and a link to each flag, and at each answer a marker in words with what
// was entered and what the source holds (never colour alone); the source chip stays only where the value
// came from that source.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { answerRows, type FormItem } from './answers';
import { AnswersTable, mismatchId } from './AnswersSection';

const item = (code: string, name: string, over: Partial<FormItem> = {}): FormItem => ({
  code,
  name,
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  repeatable: false,
  ...over,
});

const fragments = [
  {
    name: '申請者',
    procedure_codes: ['a'],
    items: [
      item('birth_date', '生年月日', { type: 'date' }),
      item('postal_code', '郵便番号', { type: 'postal_code' }),
      item('address', '住所'),
      item('last_name', '氏'),
    ],
  },
];

const rows = answerRows(fragments, 'a', [
  {
    standard_item_code: 'birth_date',
    sequence: 1,
    value: '1988-05-15',
    source: null,
    mismatch: { source: 'identity', verified: '1988-04-15' },
  },
  {
    standard_item_code: 'postal_code',
    sequence: 1,
    value: '9999902',
    source: null,
    mismatch: { source: 'registry', verified: '9999901' },
  },
  {
    standard_item_code: 'address',
    sequence: 1,
    value: 'デモ市中央一丁目2番3号',
    source: 'identity',
    mismatch: null,
  },
  // An older response without the field: no flag.
  { standard_item_code: 'last_name', sequence: 1, value: '山田', source: 'identity' },
]);

async function render(language: 'ja' | 'en') {
  const i18n = createI18n('ja', [staffMessages]);
  await loadLanguage(i18n, language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AnswersTable rows={rows} />
    </I18nextProvider>,
  );
}

/** Text without tags and Emotion's <style> elements. */
const text = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

/** The text of the <dd> after the <dt> named `name`. */
function valueOf(html: string, name: string): string {
  const found = new RegExp(`<dt>${name}</dt><dd>(.*?)</dd>`).exec(html)?.[1];
  if (found === undefined) throw new Error(`no row ${name}`);
  return text(found);
}

describe('difference flags on the staff answers', () => {
  it('keeps the server’s flag on its row, null when none or not given', () => {
    expect(rows.map((r) => [r.code, r.mismatch])).toEqual([
      ['birth_date', { source: 'identity', verified: '1988-04-15' }],
      ['postal_code', { source: 'registry', verified: '9999901' }],
      ['address', null],
      ['last_name', null],
    ]);
  });

  it('flags each differing answer with both values, in words, and counts them above the answers', async () => {
    const html = await render('ja');
    expect(valueOf(html, '生年月日')).toBe(
      '1988年5月15日確認元と異なります入力：1988年5月15日マイナンバーカード：1988年4月15日',
    );
    expect(valueOf(html, '郵便番号')).toBe(
      '〒999-9902確認元と異なります入力：〒999-9902住民記録：〒999-9901',
    );
    // Unflagged answers: the value and, where it came from a source, that source only.
    expect(valueOf(html, '住所')).toBe('デモ市中央一丁目2番3号入力元：マイナンバーカード');
    expect(valueOf(html, '氏')).toBe('山田入力元：マイナンバーカード');
    // The summary, in the resident's review's words, before the answers, with a link to each flag.
    const summary = text(html.slice(0, html.indexOf('<dl')));
    expect(summary).toContain('マイナンバーカードや住民記録の情報と異なる項目が 2 件あります。');
    expect(summary).toContain('生年月日');
    expect(summary).toContain('郵便番号');
    expect(html).toContain(`href="#${mismatchId('birth_date#1')}"`);
    expect(html).toContain(`id="${mismatchId('birth_date#1')}"`);
    // A note screen readers reach in reading order, focusable from the summary's link.
    expect(html).toMatch(new RegExp(`role="note"[^>]*id="${mismatchId('postal_code#1')}"[^>]*tabindex="-1"`));
  });

  it('says the same in English', async () => {
    const html = await render('en');
    expect(text(html)).toContain('2 answers differ from the My Number Card or the resident registry.');
    expect(text(html)).toContain('Differs from the verified recordEntered:');
    expect(text(html)).toContain('Resident registry: ');
  });

  it('shows no summary and no flag when nothing differs', () => {
    const i18n = createI18n('ja', [staffMessages]);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <AnswersTable rows={rows.map((r) => ({ ...r, mismatch: null }))} />
      </I18nextProvider>,
    );
    expect(html).not.toContain('確認元と異なります');
    expect(html).not.toContain('異なる項目');
  });
});
