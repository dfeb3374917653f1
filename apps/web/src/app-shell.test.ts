import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { appShell, inlineStyleSheets } from '../app-shell';

const INDEX = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
const LINK = '<link rel="stylesheet" crossorigin href="/staff/assets/index-Ab12.css">';
type Handler = (html: string, context: Partial<IndexHtmlTransformContext>) => string;
const transform = (target: 'applicant' | 'municipality' | 'mastertool', html = INDEX, bundle = {}) =>
  (appShell(target).transformIndexHtml as { handler: Handler }).handler(html, {
    bundle: bundle as IndexHtmlTransformContext['bundle'],
  });

describe('the page shell', () => {
  it('draws the portal’s name and a loading line inside #root for the applicant, styled inline', () => {
    const html = transform('applicant');
    expect(html).toContain('<div id="root"><div class="app-shell">');
    expect(html).toContain('<span class="app-shell-name">オンライン申請ポータル</span>');
    expect(html).toContain('<p class="app-shell-loading">読み込んでいます…</p>');
    expect(html).toMatch(/<style>[^<]*\.app-shell-bar\{[^}]*\}[^<]*<\/style><\/head>/);
  });

  it('leaves the staff and master-tool pages as they are', () => {
    expect(transform('municipality')).toBe(INDEX);
    expect(transform('mastertool')).toBe(INDEX);
  });

  it('puts a small style sheet of the build into the page instead of linking it', () => {
    const css = '.skip-link{color:#000}';
    const html = transform('municipality', `<head>${LINK}</head>`, {
      'assets/index-Ab12.css': { type: 'asset', source: css },
    });
    expect(html).toBe(`<head><style>${css}</style></head>`);
  });

  it('keeps the link of a large sheet, and of one the bundle does not have', () => {
    const large = `.a{color:red}`.repeat(400);
    expect(inlineStyleSheets(LINK, { 'assets/index-Ab12.css': large })).toBe(LINK);
    expect(inlineStyleSheets(LINK, {})).toBe(LINK);
  });
});
