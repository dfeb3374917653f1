import { describe, expect, it, vi } from 'vitest';
import { en } from './en';
import {
  changeLanguage,
  createI18n,
  flatten,
  formatDate,
  formatDateTime,
  LANGUAGE_COOKIE,
  chosenLanguage,
  languageCookie,
  loadLazyParts,
  messagesReady,
  placeholders,
  readLanguage,
  rememberLanguage,
  LANGUAGE_STORAGE_KEY,
} from './index';
import { ja } from './ja';
import { applicantFormMessages } from './parts/applicant-form';
import { counterDeskMessages } from './parts/counter-desk';
import { mastertoolMessages } from './parts/mastertool';
import { staffMessages } from './parts/staff';

const parts = [applicantFormMessages, staffMessages, counterDeskMessages, mastertoolMessages];
const jaTexts = flatten(Object.assign({}, ja, ...parts.map((p) => p.ja)) as object);
const enTexts = flatten(Object.assign({}, en, ...(await Promise.all(parts.map((p) => p.en())))) as object);

describe('messages', () => {
  it('have the same keys in Japanese and English', () => {
    expect(Object.keys(enTexts).sort()).toEqual(Object.keys(jaTexts).sort());
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...Object.entries(jaTexts), ...Object.entries(enTexts)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('fill the same placeholders in both languages', () => {
    for (const key of Object.keys(jaTexts)) {
      expect(placeholders(enTexts[key] ?? ''), key).toEqual(placeholders(jaTexts[key] ?? ''));
    }
  });

  it('have no "(s)" in English: counts use plural forms', async () => {
    for (const [key, text] of Object.entries(enTexts)) expect(text, key).not.toContain('(s)');
    const i18n = createI18n('ja');
    await changeLanguage(i18n, 'en', undefined);
    expect(i18n.t('home.applicationsCount', { count: 1 })).toBe('You have 1 application.');
    expect(i18n.t('home.applicationsCount', { count: 2 })).toBe('You have 2 applications.');
    await changeLanguage(i18n, 'ja', undefined);
    expect(i18n.t('home.applicationsCount', { count: 1 })).toBe('申請が 1 件あります。');
  });

  it('name the not-found page as the spec does', () => {
    expect(ja.notFound.heading).toBe('ページが見つかりません');
    expect(en.notFound.heading).toBe('Page not found');
  });
});

describe('createI18n', () => {
  it('adds the parts of a target in both languages', async () => {
    const i18n = createI18n('ja', [staffMessages]);
    expect(i18n.t('staff.common.cancel')).toBe(staffMessages.ja.staff.common.cancel);
    await changeLanguage(i18n, 'en', undefined);
    expect(i18n.t('staff.common.cancel')).toBe((await staffMessages.en()).staff.common.cancel);
    expect(i18n.t('common.close')).toBe(en.common.close);
  });

  it('loads lazy parts when asked, in Japanese and in a language already chosen or chosen later', async () => {
    const lazy = { ja: vi.fn(async () => applicantFormMessages.ja), en: vi.fn(applicantFormMessages.en) };
    const key = 'applicantForm.common.saving';
    const enSaving = (await applicantFormMessages.en()).applicantForm.common.saving;

    const i18n = createI18n('ja', [], [lazy]);
    expect(i18n.exists(key)).toBe(false); // not loaded until a screen asks
    await messagesReady();
    await loadLazyParts(i18n); // once
    expect(lazy.ja).toHaveBeenCalledTimes(1);
    expect(lazy.en).not.toHaveBeenCalled();
    expect(i18n.t(key)).toBe('保存しています…');
    await changeLanguage(i18n, 'en', undefined);
    expect(i18n.t(key)).toBe(enSaving);
    expect(i18n.t('common.close')).toBe(en.common.close);

    // English chosen first (the remembered language at start): the lazy part comes in English too.
    const english = createI18n('ja', [], [lazy]);
    await changeLanguage(english, 'en', undefined);
    await loadLazyParts(english);
    expect(english.t(key)).toBe(enSaving);
    expect(english.t('common.close')).toBe(en.common.close);
  });

  it('starts in the given language, falls back to Japanese and interpolates', async () => {
    const i18n = createI18n('ja');
    expect(i18n.t('app.name')).toBe('オンライン申請ポータル');
    expect(i18n.t('notFound.path', { path: '/x' })).toBe('開いたアドレス：/x');
    const memory = new Map<string, string>();
    await changeLanguage(i18n, 'en', {
      setItem: (k: string, v: string) => void memory.set(k, v),
    } as unknown as Storage);
    expect(i18n.t('app.name')).toBe('Online Application Portal');
    expect(memory.get(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

describe('readLanguage and rememberLanguage', () => {
  it('return the remembered language, or Japanese', () => {
    expect(readLanguage({ getItem: () => 'en' })).toBe('en');
    expect(readLanguage({ getItem: () => 'fr' })).toBe('ja');
    expect(readLanguage({ getItem: () => null })).toBe('ja');
    expect(readLanguage(undefined)).toBe('ja');
    expect(
      readLanguage({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('ja');
  });

  it('ignore storage that refuses writes', () => {
    expect(() =>
      rememberLanguage(
        {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
        },
        'en',
      ),
    ).not.toThrow();
  });
});

describe('chosenLanguage', () => {
  const storage = (value: string | null) => {
    const kept = { value };
    return {
      kept,
      getItem: () => kept.value,
      setItem: (_key: string, next: string) => void (kept.value = next),
    };
  };

  it("takes the cookie's language after the switch's plain form, stores it and clears the marker", () => {
    const stored = storage('ja');
    const doc = { cookie: 'a=1; portal_language=en; portal_language_from_form=1' };
    expect(chosenLanguage(stored, doc)).toBe('en');
    expect(stored.kept.value).toBe('en');
    // The assignment a browser would read as deleting the marker.
    expect(doc.cookie).toMatch(/^portal_language_from_form=; path=\/; max-age=0/);
  });

  it('else the stored one, whatever the cookie says (the app writes both; a test may write one)', () => {
    expect(chosenLanguage(storage('en'), { cookie: 'portal_language=ja' })).toBe('en');
    expect(chosenLanguage(storage('ja'), { cookie: 'portal_language=en' })).toBe('ja');
    expect(chosenLanguage(storage('en'), { cookie: 'portal_language=fr; portal_language_from_form=1' })).toBe(
      'en',
    );
    expect(chosenLanguage(storage(null), undefined)).toBe('ja');
  });
});

describe('formatDate', () => {
  it('shows 2099/12/31 in Japanese and a spelled month in English', () => {
    expect(formatDate('2099-12-31', 'ja')).toBe('2099/12/31');
    expect(formatDate('2099-12-31', 'en')).toBe('31 Dec 2099');
    expect(formatDate('not a date', 'ja')).toBe('not a date');
    // A moment is its day in Japan whatever the browser's zone: 20:00 UTC on 31 March is 1 April there.
    expect(formatDate('2026-03-31T20:00:00Z', 'ja')).toBe('2026/04/01');
    expect(formatDate('2026-03-31T20:00:00Z', 'en')).toBe('1 Apr 2026');
    expect(formatDate('2026-04-01', 'ja')).toBe('2026/04/01');
  });

  it('shows instants in Japan time', () => {
    expect(formatDateTime('2026-04-01T00:30:00Z', 'ja')).toBe('2026/04/01 09:30');
  });
});

describe('languageCookie', () => {
  it('tells the server the language for every path, and is not written again when it already says so', () => {
    const doc = { cookie: 'other=1' };
    languageCookie('en', doc);
    expect(doc.cookie).toBe(`${LANGUAGE_COOKIE}=en; path=/; max-age=31536000; samesite=lax`);
    const kept = { cookie: `other=1; ${LANGUAGE_COOKIE}=ja` };
    languageCookie('ja', kept);
    expect(kept.cookie).toBe(`other=1; ${LANGUAGE_COOKIE}=ja`);
  });
});
