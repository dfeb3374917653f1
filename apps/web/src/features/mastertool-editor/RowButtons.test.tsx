// A rule row's buttons are named for their row in both languages, and the first row cannot move up.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { RuleRowButtons } from './RowButtons';

const render = (language: 'ja' | 'en', row: string, first: boolean) => {
  const i18n = createI18n('ja', [mastertoolMessages]);
  const loaded = loadLanguage(i18n, language);
  return {
    loaded,
    html: () =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <RuleRowButtons
            id="r"
            row={row}
            first={first}
            last={false}
            onMove={() => undefined}
            onRemove={() => undefined}
          />
        </I18nextProvider>,
      ),
  };
};

describe('RuleRowButtons', () => {
  it('names each button for its row, in Japanese and English', async () => {
    const ja = render('ja', 'コピーのルール 2', false);
    await ja.loaded;
    const html = ja.html();
    expect(html).toContain('aria-label="コピーのルール 2 を1つ上へ"');
    expect(html).toContain('aria-label="コピーのルール 2 を1つ下へ"');
    expect(html).toMatch(/aria-label="削除（コピーのルール 2）"[^>]*>.*削除/s);
    const en = render('en', 'Copy rule 2', false);
    await en.loaded;
    expect(en.html()).toMatch(/aria-label="[^"]*Copy rule 2[^"]*"/);
    expect(en.html()).not.toContain('を1つ上へ');
  });

  it('keeps the first row from moving up', async () => {
    const ja = render('ja', 'コピーのルール 1', true);
    await ja.loaded;
    expect(ja.html()).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="コピーのルール 1 を1つ上へ"|<button[^>]*aria-label="コピーのルール 1 を1つ上へ"[^>]*disabled=""/,
    );
  });
});
