// Changes read in words, the same in the document's history and in the audit log.
import type { DocumentChange, StandardItem } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formItem } from '../../testing/fixtures';
import { changeLanguage, createI18n } from '../i18n';
import { staffMessages } from '../i18n/parts/staff';
import { describeChange } from './document-change';

const ja = createI18n('ja', [staffMessages]);
const tJa = ja.t.bind(ja) as TFunction;
const enI18n = createI18n('ja', [staffMessages]);
await changeLanguage(enI18n, 'en', undefined);
const tEn = enI18n.t.bind(enI18n) as TFunction;

const items = new Map<string, StandardItem>([
  ['applicant_postal_code', formItem('applicant_postal_code', { name: '郵便番号', type: 'postal_code' })],
  ['child_birth_date', formItem('child_birth_date', { name: '子の生年月日', type: 'date' })],
  ['child_first_name', formItem('child_first_name', { name: '子の名' })],
]);

describe('describeChange', () => {
  it('words a status change with status names and the remand message', () => {
    const remand = {
      kind: 'status',
      from: 'received',
      to: 'remanded',
      remand_message: '電話番号を直してください',
    } as const;
    expect(describeChange(tJa, remand, items, 'ja')).toEqual([
      '受付 → 差し戻し中（メッセージ：電話番号を直してください）',
    ]);
    expect(describeChange(tEn, { ...remand, remand_message: null }, items, 'en')[0]).not.toMatch(
      /received|remanded/,
    );
  });

  it('words a rejection with its reason (decision 0037)', () => {
    const reject = {
      kind: 'status',
      from: 'in_progress',
      to: 'rejected',
      remand_message: '対象外のため',
    } as const;
    expect(describeChange(tJa, reject, items, 'ja')).toEqual(['処理中 → 却下（却下の理由：対象外のため）']);
    expect(describeChange(tEn, reject, items, 'en')[0]).toMatch(/reason for the rejection: 対象外のため/);
  });

  it('names each answer by its item and formats the values as the form reads them back', () => {
    const change: DocumentChange = {
      kind: 'answers',
      changes: [
        { code: 'applicant_postal_code', sequence: 1, before: '9999999', after: '1000001' },
        { code: 'child_birth_date', sequence: 1, before: null, after: '2026-11-20' },
        { code: 'child_first_name', sequence: 2, before: '蓮', after: null },
        { code: 'gone_item', sequence: 1, before: 'a', after: 'b' },
      ],
    };
    expect(describeChange(tJa, change, items, 'ja')).toEqual([
      '郵便番号：〒999-9999 → 〒100-0001',
      '子の生年月日：（空欄） → 2026年11月20日',
      '子の名（2）：蓮 → （空欄）',
      'gone_item：a → b',
    ]);
  });

  it('words memo and workflow changes', () => {
    expect(
      describeChange(
        tJa,
        { kind: 'memo', confirmed_before: false, confirmed_after: true, memos_changed: true },
        items,
        'ja',
      ),
    ).toEqual(['確認済みにしました、メモを変更しました']);
    // The history carries each memo's full text (decision 0034): both are read out, a blank one named.
    const memo = {
      kind: 'memo',
      confirmed_before: false,
      confirmed_after: false,
      memos_changed: true,
      memo_before: null,
      memo_after: '電話で口座を確認済み\n所得証明書を待つ',
    } as const;
    expect(describeChange(tJa, memo, items, 'ja')).toEqual([
      'メモを変更しました',
      '変更前のメモ：（空欄）',
      '変更後のメモ：電話で口座を確認済み\n所得証明書を待つ',
    ]);
    expect(describeChange(tEn, memo, items, 'en')).toEqual([
      'Memo changed',
      'Memo before: (blank)',
      'Memo after: 電話で口座を確認済み\n所得証明書を待つ',
    ]);
    const step = {
      kind: 'workflow',
      sequence: 1,
      name: '受付',
      from: 'pending',
      to: 'in_progress',
      memo_changed: false,
    } as const;
    expect(describeChange(tJa, { ...step, assignee_name: '市民 花子' }, items, 'ja')).toEqual([
      '1. 受付：未着手 → 作業中、担当：市民 花子',
    ]);
    expect(describeChange(tJa, { ...step, from: 'in_progress', assignee_name: null }, items, 'ja')).toEqual([
      '1. 受付：作業中、担当者なし',
    ]);
    expect(describeChange(tEn, step, items, 'en')).toEqual(['1. 受付: Not started → In progress']);
  });
});
