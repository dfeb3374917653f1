// Server-side rendering of the staff answers with their sources (decision 0012): a chip with the
// source's name beside a value that came from one, read with its "入力元" prefix; none for typed values.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { answerRows, type FormItem } from './answers';
import { AnswersTable } from './AnswersSection';

const i18n = createI18n('ja', [staffMessages]);

const item = (code: string, name: string): FormItem => ({
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
});

const fragments = [
  {
    name: '申請者',
    procedure_codes: ['a'],
    items: [
      item('last_name', '氏'),
      item('phone', '電話番号'),
      item('postal_code', '郵便番号'),
      item('bank_code', '金融機関コード'),
      item('role', '届出人'),
      item('memo', '備考'),
    ],
  },
];

const rows = answerRows(fragments, 'a', [
  { standard_item_code: 'last_name', sequence: 1, value: '山田', source: 'identity' },
  { standard_item_code: 'phone', sequence: 1, value: '0312345678', source: null },
  { standard_item_code: 'postal_code', sequence: 1, value: '9999901', source: 'registry' },
  { standard_item_code: 'bank_code', sequence: 1, value: '9901', source: 'public_account' },
  { standard_item_code: 'role', sequence: 1, value: 'father', source: 'answer' },
  // A value without a source (an older response): typed.
  { standard_item_code: 'memo', sequence: 1, value: 'なし' },
]);

/** The text of the <dd> after the <dt> named `name`, tags removed. */
function valueOf(html: string, name: string): string {
  const found = new RegExp(`<dt>${name}</dt><dd>(.*?)</dd>`).exec(html)?.[1];
  if (found === undefined) throw new Error(`no row ${name}`);
  // Emotion's server rendering puts each component's <style> before it.
  return found.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');
}

describe('answer sources on the staff detail', () => {
  it('keeps each stored value’s source on its row, null when typed or not given', () => {
    expect(rows.map((r) => [r.code, r.source])).toEqual([
      ['last_name', 'identity'],
      ['phone', null],
      ['postal_code', 'registry'],
      ['bank_code', 'public_account'],
      ['role', 'answer'],
      ['memo', null],
    ]);
  });

  it('labels values that came from a source, with the source named in text, and explains the labels', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <AnswersTable rows={rows} />
      </I18nextProvider>,
    );
    expect(html).toContain('入力元の表示がない項目は、申請者が入力した内容です');
    expect(valueOf(html, '氏')).toBe('山田入力元：マイナンバーカード');
    expect(valueOf(html, '郵便番号')).toBe('9999901入力元：住民記録');
    expect(valueOf(html, '金融機関コード')).toBe('9901入力元：公金受取口座');
    expect(valueOf(html, '届出人')).toBe('father入力元：回答から');
    expect(valueOf(html, '電話番号')).toBe('0312345678');
    expect(valueOf(html, '備考')).toBe('なし');
    // The prefix is for screen readers; the chip shows the source's name.
    expect(html).toMatch(/<span class="[^"]*"[^>]*>入力元：<\/span>マイナンバーカード/);
    expect((html.match(/data-source=/g) ?? []).length).toBe(4);
  });
});
