import { describe, expect, it } from 'vitest';
import { checkNavigation } from './navigation-guard';

const policy = { origin: 'https://portal.example.jp', allowedOrigins: ['https://myna.go.jp'] };
const reason = (href: string) => {
  const verdict = checkNavigation(href, policy);
  return verdict.allowed ? (verdict.external ? 'external-allowed' : 'internal') : verdict.reason;
};

describe('checkNavigation', () => {
  it('allows pages of this site, relative or absolute', () => {
    expect(reason('/municipalities/999999')).toBe('internal');
    expect(reason('entrance?procedure_group_id=1')).toBe('internal');
    expect(reason('https://portal.example.jp/staff/')).toBe('internal');
    expect(reason('#main')).toBe('internal');
  });

  it('allows external sites only when they are on the allow-list', () => {
    expect(reason('https://myna.go.jp/SCK0101_01_001/SCK0101_01_001_InitDiscsys.form')).toBe(
      'external-allowed',
    );
    expect(reason('https://evil.example.com/')).toBe('external');
    expect(reason('//evil.example.com/path')).toBe('external');
    expect(reason('http://myna.go.jp/')).toBe('external'); // another scheme is another origin
    expect(reason('https://myna.go.jp.evil.example/')).toBe('external');
  });

  it('blocks script URLs in every spelling the URL parser accepts', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
    ]) {
      expect(reason(href), JSON.stringify(href)).toBe('script');
    }
  });

  it('blocks other schemes but lets mail and phone links through', () => {
    expect(reason('data:text/html,<script>alert(1)</script>')).toBe('protocol');
    expect(reason('file:///etc/passwd')).toBe('protocol');
    expect(reason('mailto:shimin@demo.example.jp')).toBe('external-allowed');
    expect(reason('tel:0312345678')).toBe('external-allowed');
  });

  it('lets the page open files it made itself (blob URLs of its own origin), no others', () => {
    expect(checkNavigation('blob:https://portal.example.jp/0b6f', policy).allowed).toBe(true);
    expect(reason('blob:https://evil.example.com/0b6f')).toBe('protocol');
  });

  it('refuses what is not a URL', () => {
    expect(reason('http://[')).toBe('invalid');
  });
});
