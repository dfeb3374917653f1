// The assistant page's problems: an unanswered question, and each answer as the rules check it (the same
// check the form and the server run), in the assistant's words with the item's name.
import type { Concierge, StandardItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { localizedField } from '../../lib/i18n/localized';
import type { AssistantPage } from './assistant';
import { pageProblems, serverProblems, withoutKey } from './page-problems';

const i18n = createI18n('ja');
const field = ((row: Parameters<typeof localizedField>[0], key: string) =>
  localizedField(row, key as never, 'ja')) as Parameters<typeof pageProblems>[4];

const item = (code: string, name: string, over: Partial<StandardItem> = {}): StandardItem => ({
  code,
  name,
  type: 'text',
  required: true,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...over,
});

const catalog = new Map([
  ['applicant_last_name_kana', item('applicant_last_name_kana', '氏（カナ）', { type: 'kana' })],
  ['applicant_phone', item('applicant_phone', '電話番号', { type: 'phone' })],
  ['memo', item('memo', 'メモ', { required: false, max_length: 3 })],
]);

const question = (id: number, type: 'QT' | 'FO', codes: string[] = [], selected?: number) => ({
  concierge: { id, type, standard_item_code: codes } as unknown as Concierge,
  options: type === 'QT' ? [{ id: 1 } as never] : [],
  selected,
});
const page = (questions: ReturnType<typeof question>[]) => ({ questions }) as unknown as AssistantPage;

describe('assistant page problems', () => {
  it('ask for an unanswered question and name each refused answer', () => {
    const found = pageProblems(
      page([question(7, 'QT'), question(8, 'FO', ['applicant_last_name_kana', 'applicant_phone', 'memo'])]),
      { applicant_last_name_kana: '', applicant_phone: '03-1234', memo: 'abcd' },
      catalog,
      i18n.t,
      field,
    );
    expect(found).toEqual({
      'concierge-7': i18n.t('applicantFlow.assistant.answerThis'),
      applicant_last_name_kana: '氏（カナ）を入力してください。',
      applicant_phone: '電話番号は0から始まる10桁または11桁の数字で入力してください。',
      memo: 'メモは3文字以内で入力してください。',
    });
  });

  it('word every kind of problem the rules find, control characters included', () => {
    const words = (over: Partial<StandardItem>, value: string) =>
      pageProblems(
        page([question(8, 'FO', ['x'])]),
        { x: value },
        new Map([['x', item('x', '欄', over)]]),
        i18n.t,
        field,
      ).x;
    expect(words({ type: 'postal_code' }, '123')).toBe('欄は数字7桁で入力してください。');
    expect(words({ type: 'date' }, '2026-02-30')).toBe('欄には正しい日付を入力してください。');
    expect(words({ pattern: '[0-9]{4}' }, 'abcd')).toBe('欄の形式が正しくありません。');
    expect(words({ type: 'select', choices: [{ value: 'a', label: 'A' }] }, 'b')).toBe(
      '欄は選択肢から選んでください。',
    );
    expect(words({}, 'a\u0007b')).toBe('欄に使えない文字が含まれています。');
  });

  it('find nothing on a page answered well, and accept an unknown item left blank', () => {
    const found = pageProblems(
      page([question(7, 'QT', [], 1), question(8, 'FO', ['applicant_phone', 'unknown_item'])]),
      { applicant_phone: '0312345678' },
      catalog,
      i18n.t,
      field,
    );
    expect(found).toEqual({});
  });

  it("word the server's field problems by item, never with the server's text", () => {
    expect(serverProblems(['applicant_phone', 'other.2'], catalog, i18n.t, field)).toEqual({
      applicant_phone: '電話番号の内容を確認してください。',
      other: i18n.t('errors.field'),
    });
  });

  it('drop one problem when its field changes', () => {
    expect(withoutKey({ a: '1', b: '2' }, 'a')).toEqual({ b: '2' });
  });
});
