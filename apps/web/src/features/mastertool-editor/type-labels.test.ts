import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { vocabulary } from './prefill-rules-vocabulary';
import { typeOptions, type TypeTable } from './type-labels';

const TABLES: TypeTable[] = ['iconTypes', 'attachTypes', 'conciergeTypes'];

describe('type choices in words (decision 0056)', () => {
  it('name each type without its code, and give the code apart, in Japanese and English', async () => {
    const ja = createI18n('ja', [mastertoolMessages]);
    const en = createI18n('ja', [mastertoolMessages]);
    await loadLanguage(en, 'en');
    for (const i18n of [ja, en]) {
      for (const table of TABLES) {
        for (const o of typeOptions(i18n.t.bind(i18n), table)) {
          expect(o.label, `${table}.${o.value}`).not.toMatch(/[（(][A-Z]{2}[）)]/);
          expect(o.label).not.toContain(`mastertool.`);
          expect(o.code).toContain(o.value);
        }
      }
    }
    const t = ja.t.bind(ja);
    expect(typeOptions(t, 'attachTypes').find((o) => o.value === 'OR')).toEqual({
      value: 'OR',
      label: '原本',
      code: 'コード OR',
    });
    expect(typeOptions(t, 'conciergeTypes').map((o) => o.label)).toEqual(['選択式の質問', '入力フォーム']);
    expect(typeOptions(t, 'iconTypes').find((o) => o.value === 'OT')?.label).toBe('その他');
  });

  it('word a prefill source as the source and what it says, never its claim path', async () => {
    const ja = createI18n('ja', [mastertoolMessages]);
    const t = ja.t.bind(ja);
    const words = vocabulary(t, [], 'ja');
    expect(words.sourceLabel('profile', 'last_name')).toBe('マイナンバーカードの氏');
    expect(words.sourceLabel('registry', 'spouse_first_name')).toBe('住民記録の配偶者の名');
    expect(words.sourceLabel('public_account', 'bank_name')).not.toMatch(/[a-z_]+\.[a-z_]+/);
    const en = createI18n('ja', [mastertoolMessages]);
    await loadLanguage(en, 'en');
    expect(vocabulary(en.t.bind(en), [], 'en').sourceLabel('profile', 'last_name')).toBe(
      'Last name from My Number Card',
    );
    expect(t('mastertool.prefill.claimCode', { code: 'profile.last_name' })).toBe(
      'コード：profile.last_name',
    );
  });
});
