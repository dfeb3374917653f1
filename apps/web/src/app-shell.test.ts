import { describe, expect, it } from 'vitest';
import { appShell } from '../app-shell';

const INDEX = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
const transform = (target: 'applicant' | 'municipality' | 'mastertool') =>
  (appShell(target).transformIndexHtml as (html: string) => string)(INDEX);

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
});
