import { describe, expect, it } from 'vitest';
import { handoffToken } from './counter-session';

describe('handoffToken', () => {
  const token = 'a'.repeat(43);
  it('reads the token after the page address’s # or takes a bare token', () => {
    expect(handoffToken(`https://portal.example.jp/staff/counter#handoff=${token}`, 'handoff')).toBe(token);
    expect(handoffToken(`#token=${token}`, 'token')).toBe(token);
    expect(handoffToken(` ${token} `, 'handoff')).toBe(token);
  });
  it('refuses other texts', () => {
    expect(handoffToken('https://example.com/', 'handoff')).toBeNull();
    expect(handoffToken(`https://x/#token=${token}`, 'handoff')).toBeNull();
    expect(handoffToken('short', 'handoff')).toBeNull();
    expect(handoffToken('<script>alert(1)</script>', 'token')).toBeNull();
  });
});
