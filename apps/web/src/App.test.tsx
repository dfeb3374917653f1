// Server-side rendering of the shell: checks the landmarks and texts without a DOM.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App, ApplicantHomeView } from './App';
import { sampleHome } from './fixtures';
import { translate, type Language } from './i18n';
import { resolveRoute } from './routing';

const t = (language: Language) => (key: Parameters<typeof translate>[1], values?: Record<string, string>) =>
  translate(language, key, values);

describe('App shell', () => {
  it('renders skip link, header, main with h1, language switch and footer for each target', () => {
    const cases = [
      ['applicant', '/', '申請者', 'オンライン申請'],
      ['municipality', '/staff/', '自治体職員', '自治体職員向け管理画面'],
      ['mastertool', '/mastertool/', 'マスターツール', 'マスターツール'],
    ] as const;
    for (const [target, path, audience, heading] of cases) {
      const html = renderToStaticMarkup(
        <App target={target} route={resolveRoute(target, path)} initialLanguage="ja" storage={undefined} />,
      );
      expect(html).toContain('href="#main"');
      expect(html).toContain('オンライン申請ポータル');
      expect(html).toContain(audience);
      expect(html).toMatch(new RegExp(`<main id="main"[^>]*><h1>${heading}`));
      expect(html).toContain('aria-pressed="true">日本語</button>');
      expect(html).toContain('<footer');
      expect(html).toContain(`theme-${target}`);
    }
  });

  it('renders English when English is chosen', () => {
    const html = renderToStaticMarkup(
      <App
        target="municipality"
        route={resolveRoute('municipality', '/staff/')}
        initialLanguage="en"
        storage={undefined}
      />,
    );
    expect(html).toContain('Online Application Portal');
    expect(html).toContain('<h1>Staff area</h1>');
    expect(html).toContain('aria-pressed="true">English</button>');
  });

  it('shows page not found with the path', () => {
    const html = renderToStaticMarkup(
      <App
        target="municipality"
        route={resolveRoute('municipality', '/staff/nowhere')}
        initialLanguage="ja"
        storage={undefined}
      />,
    );
    expect(html).toContain('<h1>ページが見つかりません</h1>');
    expect(html).toContain('/staff/nowhere');
    expect(html).toContain('href="/staff/"');
  });
});

describe('ApplicantHomeView', () => {
  const noop = () => undefined;

  it('lists the procedure groups in sequence order with the municipality name in the h1', () => {
    const html = renderToStaticMarkup(
      <ApplicantHomeView
        code="999999"
        language="ja"
        state={{ status: 'loaded', data: sampleHome }}
        onRetry={noop}
        t={t('ja')}
      />,
    );
    expect(html).toContain('<h1>デモ市のオンライン申請</h1>');
    expect(html).toMatch(/<li>出生届<\/li><li>児童手当<\/li>/);
    expect(html).not.toContain('role="alert"');
  });

  it('uses the English name in English', () => {
    const html = renderToStaticMarkup(
      <ApplicantHomeView
        code="999999"
        language="en"
        state={{ status: 'loaded', data: sampleHome }}
        onRetry={noop}
        t={t('en')}
      />,
    );
    expect(html).toContain('<h1>Online applications: Demo City</h1>');
  });

  it('shows a failure in an alert region', () => {
    const html = renderToStaticMarkup(
      <ApplicantHomeView
        code="123456"
        language="ja"
        state={{ status: 'failed', detail: 'HTTP 404' }}
        onRetry={noop}
        t={t('ja')}
      />,
    );
    expect(html).toMatch(/<div role="alert"[^>]*><p class="notice-title">自治体の情報を読み込めませんでした/);
    expect(html).toContain('詳細: HTTP 404');
  });
});
