import { describe, expect, it } from 'vitest';
import { badCidrLines, dateAfter, keyFormSchema, keyState } from './key-form';

const today = new Date(2026, 10, 29);
const valid = {
  name: ' 住民記録システム ',
  procedure_codes: ['birth_notification'],
  access: 'read' as const,
  expires_on: '2027-11-29',
  cidrs: '192.0.2.0/24\n\n 2001:db8::/32 \n',
  webhook_url: '',
};

describe('the new key form', () => {
  it('turns lines into ranges and the date into the end of that day in Japan', () => {
    expect(keyFormSchema(today).parse(valid)).toEqual({
      name: '住民記録システム',
      procedure_codes: ['birth_notification'],
      access: 'read',
      expires_at: '2027-11-29T23:59:59+09:00',
      allowed_cidrs: ['192.0.2.0/24', '2001:db8::/32'],
    });
  });

  it('names the lines that are no CIDR', () => {
    expect(badCidrLines('192.0.2.0/24\n192.0.2.1\nexample.jp\n::1/128')).toEqual(['192.0.2.1', 'example.jp']);
    expect(keyFormSchema(today).safeParse({ ...valid, cidrs: '10.0.0.1' }).success).toBe(false);
    expect(keyFormSchema(today).safeParse({ ...valid, cidrs: '  \n' }).success).toBe(false);
  });

  it('takes an expiry after today and within two years only', () => {
    const schema = keyFormSchema(today);
    expect(schema.safeParse({ ...valid, expires_on: dateAfter(today, 0) }).success).toBe(false);
    expect(schema.safeParse({ ...valid, expires_on: dateAfter(today, 1) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, expires_on: dateAfter(today, 731) }).success).toBe(false);
  });

  it('keeps a webhook URL when one is given', () => {
    const out = keyFormSchema(today).parse({ ...valid, webhook_url: 'https://core.example.jp/hook' });
    expect(out).toMatchObject({ webhook_url: 'https://core.example.jp/hook' });
    expect(keyFormSchema(today).safeParse({ ...valid, webhook_url: 'core.example.jp' }).success).toBe(false);
  });
});

describe('a key’s state', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  it('is revoked, expired or active', () => {
    expect(keyState({ revoked_at: '2026-11-01T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' }, now)).toBe(
      'revoked',
    );
    expect(keyState({ revoked_at: null, expires_at: '2026-11-28T00:00:00Z' }, now)).toBe('expired');
    expect(keyState({ revoked_at: null, expires_at: '2027-11-28T00:00:00Z' }, now)).toBe('active');
  });
});
