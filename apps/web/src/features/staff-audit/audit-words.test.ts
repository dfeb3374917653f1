// Audit entries read in words, in Japanese and English: no act name, code or id reaches the screen.
import { AUDIT_ACTS, AUDIT_DETAIL_KEYS, AUDIT_TARGET_KINDS, type AuditDetailItem } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { actionName, detailLines, itemText, targetText } from './audit-words';

const ja = createI18n('ja', [staffMessages]);
const tJa = ja.t.bind(ja) as TFunction;
const enI18n = createI18n('ja', [staffMessages]);
await changeLanguage(enI18n, 'en', undefined);
const tEn = enI18n.t.bind(enI18n) as TFunction;

describe('audit words', () => {
  it('names every act of the vocabulary in both languages, never by its code', () => {
    for (const [t, language] of [
      [tJa, 'ja'],
      [tEn, 'en'],
    ] as const) {
      const names = AUDIT_ACTS.map((act) => actionName(t, act));
      for (const [i, act] of AUDIT_ACTS.entries()) {
        expect(names[i], `${language} ${act}`).not.toBe(act);
        expect(names[i], `${language} ${act}`).not.toMatch(/[a-z]+[._][a-z]+/);
      }
      // One name each: two acts never read alike.
      expect(new Set(names).size, language).toBe(AUDIT_ACTS.length);
    }
    expect(actionName(tJa, 'export.start')).toBe('データ出力の開始');
    expect(actionName(tJa, 'signature.zip.download')).toBe('電子署名ファイルのダウンロード');
    expect(actionName(tJa, 'render.report.start')).toBe('帳票PDFの作成');
    expect(actionName(tJa, 'exports.run')).toBe('その他の操作');
  });

  it('words each kind of target and each fact in both languages', () => {
    for (const t of [tJa, tEn]) {
      for (const kind of AUDIT_TARGET_KINDS) {
        const text = targetText(t, { kind, name: 'x', period: null }, 'ja')!;
        expect(text).not.toContain(kind === 'job' ? 'job:' : `${kind}:`);
      }
      for (const key of AUDIT_DETAIL_KEYS) {
        const label = itemText(t, { key, value: 'x' }, 'ja').split(':')[0]!;
        expect(label, key).not.toBe(key);
        expect(label, key).not.toContain('_');
      }
    }
  });

  it('reads a target by its name and period, and a gone one as deleted', () => {
    expect(targetText(tJa, { kind: 'document', name: '2026-000004', period: null }, 'ja')).toBe(
      '申請: 2026-000004',
    );
    expect(
      targetText(
        tJa,
        { kind: 'export', name: '出生・子育て', period: { from: '2026-03-01', to: '2026-03-31' } },
        'ja',
      ),
    ).toBe('データ出力: 出生・子育て（2026/03/01〜2026/03/31）');
    expect(targetText(tJa, { kind: 'document', name: null, period: null }, 'ja')).toBe('申請: （削除済み）');
    expect(targetText(tEn, { kind: 'staff_account', name: '山田 花子', period: null }, 'en')).toBe(
      'Staff account: 山田 花子',
    );
    expect(targetText(tJa, null, 'ja')).toBeNull();
  });

  it('words values: encodings, signature checks, permissions, periods and changes', () => {
    const items: AuditDetailItem[] = [
      { key: 'procedure_group', value: '出生・子育て' },
      { key: 'procedures', value: ['出生届', '児童手当 認定請求'] },
      { key: 'period', from: '2026-03-01', value: '2026-03-31' },
      { key: 'encoding', value: 'shift_jis' },
      { key: 'signature_valid', value: true },
      { key: 'permission', from: 'clerk', value: 'administrator' },
      { key: 'sign_in_failure', value: 'unauthenticated' },
      { key: 'delay_seconds', value: 10 },
      { key: 'departments', from: [], value: ['市民課'] },
    ];
    expect(detailLines(tJa, items, 'ja')).toEqual([
      '手続きのグループ: 出生・子育て',
      '手続き: 出生届、児童手当 認定請求',
      '期間: 2026/03/01〜2026/03/31',
      '文字コード: Shift_JIS',
      '署名の検証: 有効',
      '権限: 職員 → 管理者',
      '理由: ログインIDかパスワードが違う',
      '削除までの時間: 10秒後',
      '所属課: （なし） → 市民課',
    ]);
    expect(detailLines(tEn, items.slice(3, 6), 'en')).toEqual([
      'Character encoding: Shift_JIS',
      'Signature check: Valid',
      'Permission: Clerk → Administrator',
    ]);
    expect(itemText(tJa, { key: 'signature_valid', value: false }, 'ja')).toBe('署名の検証: 無効');
    expect(itemText(tJa, { key: 'encoding', value: 'utf-8' }, 'ja')).toBe('文字コード: UTF-8');
    expect(itemText(tJa, { key: 'file_format', value: 'xlsx' }, 'ja')).toBe('ファイルの形式: Excel（xlsx）');
    expect(itemText(tEn, { key: 'file_format', value: 'csv' }, 'en')).toBe('File format: CSV');
  });
});
