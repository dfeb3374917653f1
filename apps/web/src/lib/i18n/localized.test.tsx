// Configuration texts in the page's language, with the Japanese marked lang="ja" where English is missing.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from './index';
import { Localized, LocalizedField, localized, localizedField, localizedList } from './localized';

const procedure = {
  name: '出生届',
  remarks: '14日以内に届け出てください。',
  check_messages: ['一', '二', '三'],
  en: { name: 'Birth notification', remarks: '', check_messages: ['One', '', 'Three'] },
};

describe('localized', () => {
  it('picks the English on an English page when there is one', () => {
    expect(localized('出生届', 'Birth notification', 'en')).toEqual({
      text: 'Birth notification',
      lang: 'en',
    });
    expect(localizedField(procedure, 'name', 'en')).toEqual({ text: 'Birth notification', lang: 'en' });
  });

  it('keeps the Japanese on a Japanese page', () => {
    expect(localized('出生届', 'Birth notification', 'ja')).toEqual({ text: '出生届', lang: 'ja' });
    expect(localizedField(procedure, 'name', 'ja')).toEqual({ text: '出生届', lang: 'ja' });
  });

  it('falls back to the Japanese when the English is missing, empty or blank', () => {
    expect(localized('出生届', undefined, 'en')).toEqual({ text: '出生届', lang: 'ja' });
    expect(localized('出生届', null, 'en')).toEqual({ text: '出生届', lang: 'ja' });
    expect(localized('出生届', '  ', 'en')).toEqual({ text: '出生届', lang: 'ja' });
    expect(localizedField(procedure, 'remarks', 'en')).toEqual({
      text: '14日以内に届け出てください。',
      lang: 'ja',
    });
    const fragment: { name: string; en?: { name?: string } } = { name: '子' };
    expect(localizedField(fragment, 'name', 'en')).toEqual({ text: '子', lang: 'ja' });
  });

  it('pairs lists item by item, falling back per item', () => {
    expect(localizedList(procedure.check_messages, procedure.en.check_messages, 'en')).toEqual([
      { text: 'One', lang: 'en' },
      { text: '二', lang: 'ja' },
      { text: 'Three', lang: 'en' },
    ]);
    expect(localizedList(['一', '二'], ['One'], 'en')[1]).toEqual({ text: '二', lang: 'ja' });
    expect(localizedList(['一'], undefined, 'ja')).toEqual([{ text: '一', lang: 'ja' }]);
  });
});

describe('<Localized>', () => {
  const ja = createI18n('ja');
  const en = createI18n('ja');
  beforeAll(() => loadLanguage(en, 'en'));
  const render = (i18n: typeof ja, node: React.ReactNode) =>
    renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

  it('renders plain text in the page language', () => {
    expect(render(en, <LocalizedField of={procedure} field="name" />)).toBe('Birth notification');
    expect(render(ja, <LocalizedField of={procedure} field="name" />)).toBe('出生届');
  });

  it('wraps Japanese shown on an English page in lang="ja"', () => {
    expect(render(en, <LocalizedField of={procedure} field="remarks" />)).toBe(
      '<span lang="ja">14日以内に届け出てください。</span>',
    );
    expect(render(en, <Localized ja="子" component="div" />)).toBe('<div lang="ja">子</div>');
  });

  it('renders nothing for an empty text', () => {
    expect(render(en, <Localized ja="" en="" />)).toBe('');
  });
});
