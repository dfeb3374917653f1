import { describe, expect, it } from 'vitest';
import { dictionaries, format, placeholders, readLanguage, translate, type MessageKey } from './i18n';

const { ja, en } = dictionaries;

describe('dictionaries', () => {
  it('have the same keys in Japanese and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ja).sort());
  });

  it('have no empty texts', () => {
    for (const [language, dictionary] of Object.entries(dictionaries)) {
      for (const [key, text] of Object.entries(dictionary)) {
        expect(typeof text, `${language}.${key}`).toBe('string');
        expect(text.trim(), `${language}.${key}`).not.toBe('');
      }
    }
  });

  it('fill the same placeholders in both languages', () => {
    for (const key of Object.keys(ja) as MessageKey[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(ja[key]));
    }
  });

  it('name the product in Japanese first', () => {
    expect(translate('ja', 'app.name')).toBe('オンライン申請ポータル');
    expect(translate('en', 'notFound.heading')).toBe('Page not found');
    expect(translate('ja', 'notFound.heading')).toBe('ページが見つかりません');
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(translate('en', 'applicant.municipalityCode', { code: '999999' })).toBe(
      'Municipality code: 999999',
    );
  });
});

describe('readLanguage', () => {
  it('returns the remembered language, or Japanese', () => {
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
});
