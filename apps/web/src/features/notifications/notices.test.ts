import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationsEn } from '../../lib/i18n/parts/notifications.en';
import { notificationsJa } from '../../lib/i18n/parts/notifications.ja';
import { newlySeen, noticeTarget, proceduresText, type Notice } from './notices';

const notice: Notice = {
  id: '3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01',
  event: 'remanded',
  application_id: '4f1c2b8e-1d2a-4c3b-9a8e-0123456789ab',
  created_at: '2026-11-24T09:00:00+09:00',
  read_at: null,
  detail: {
    procedure_group_name: '出生・子育て',
    procedures: [
      { name: '出生届', name_en: 'Birth notification', reference_number: '2026-000001' },
      { name: '児童手当', name_en: null, reference_number: null },
    ],
    remand_message: '印鑑をお願いします。',
  },
};

async function translator(language: 'ja' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { ja: { translation: notificationsJa }, en: { translation: notificationsEn } },
  });
  return i18n.t;
}

describe('notices', () => {
  it('name each procedure with its reference number in the page’s language', async () => {
    expect(proceduresText(notice, 'ja', await translator('ja'))).toBe(
      '出生届（受付番号：2026-000001）、児童手当',
    );
    expect(proceduresText(notice, 'en', await translator('en'))).toBe(
      'Birth notification (reference number 2026-000001), 児童手当',
    );
  });

  it('lead a remand straight to the review of what to correct, the others to the list', () => {
    expect(noticeTarget('999999', notice)).toBe(
      '/municipalities/999999/applications/4f1c2b8e-1d2a-4c3b-9a8e-0123456789ab/formValues',
    );
    expect(noticeTarget('999999', { ...notice, event: 'completed' })).toBe(
      '/municipalities/999999/applications',
    );
  });

  it('report each shown notice as seen once', () => {
    const reported = new Set(['a']);
    expect(newlySeen([{ id: 'a' }, { id: 'b' }], reported)).toEqual(['b']);
  });
});
