// Server-side rendering of a failed load: the app's own words, never the server's, and the way forward.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { changeLanguage, createI18n } from '../i18n';
import { signInAgainUrl } from '../router/sign-in-again';
import { LoadError } from './feedback';

const failure = (code: string, status: number) =>
  new ApiError(status, [{ code, message: `SERVER TEXT ${code}` }]);

const render = (i18n: ReturnType<typeof createI18n>, error: unknown, signInHref?: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LoadError
        title="読み込めませんでした"
        error={error}
        onRetry={() => undefined}
        signInHref={signInHref}
      />
    </I18nextProvider>,
  );

describe('LoadError', () => {
  it('shows the vocabulary’s text and a retry, never the server’s message', () => {
    const html = render(createI18n('ja'), failure('not_found', 404));
    expect(html).toContain('お探しの情報が見つかりませんでした。');
    expect(html).toContain('もう一度読み込む');
    expect(html).not.toContain('SERVER TEXT');
    expect(html).not.toContain('詳細');
  });

  it('offers to sign in again when the sign-in has ended (no retry)', () => {
    const html = render(createI18n('ja'), failure('unauthenticated', 401), '/api/applicant/login/?x=1');
    expect(html).toContain('サインインの有効期限が切れました。');
    expect(html).toMatch(/<a[^>]*href="\/api\/applicant\/login\/\?x=1"[^>]*>もう一度サインインする<\/a>/);
    expect(html).not.toContain('もう一度読み込む');
  });

  it('speaks English when the page does', async () => {
    const i18n = createI18n('ja');
    await changeLanguage(i18n, 'en', undefined);
    const html = render(i18n, failure('rate_limited', 429));
    expect(html).toContain('There were too many attempts in a short time.');
    expect(html).not.toContain('SERVER TEXT');
  });
});

describe('signInAgainUrl', () => {
  it('signs a resident in at the API and comes back to the same page', () => {
    expect(
      signInAgainUrl(
        { pathname: '/municipalities/999999/applications/a1/form', search: '?page=2' },
        'applicant',
        null,
      ),
    ).toBe(
      '/api/applicant/login/?municipality_code=999999&return_to=%2Fmunicipalities%2F999999%2Fapplications%2Fa1%2Fform%3Fpage%3D2',
    );
  });

  it('reloads the page in the staff area (it asks for sign-in itself)', () => {
    expect(signInAgainUrl({ pathname: '/staff/documents', search: '' }, 'municipality', '999999')).toBe(
      '/staff/documents',
    );
  });
});
