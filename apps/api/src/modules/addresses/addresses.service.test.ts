import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { createAddressService, normalizePostalCode, withCheckDigit } from './addresses.service.js';

describe('normalizePostalCode', () => {
  it('accepts 7 digits, 123-4567 and full-width digits and hyphens', () => {
    expect(normalizePostalCode('1000001')).toBe('1000001');
    expect(normalizePostalCode('100-0001')).toBe('1000001');
    expect(normalizePostalCode('１００－０００１')).toBe('1000001');
    expect(normalizePostalCode('１０００００１')).toBe('1000001');
    expect(normalizePostalCode(' 060-0000 ')).toBe('0600000');
  });

  it.each(['', '100001', '10000011', '100000a', 'abcdefg', '1000-001', '100--0001', '100 0001', '١٠٠٠٠٠١'])(
    'refuses %j',
    (input) => {
      expect(normalizePostalCode(input)).toBeNull();
    },
  );
});

describe('withCheckDigit (JIS X 0401/0402)', () => {
  it.each([
    ['13101', '131016'], // 千代田区
    ['01101', '011011'], // 札幌市中央区: remainder 0 gives 1
    ['13104', '131041'], // 新宿区
    ['13113', '131130'], // 渋谷区: remainder 1 gives 0
    ['27100', '271004'], // 大阪市
    ['47382', '473821'], // 与那国町
  ])('%s → %s', (code5, code6) => {
    expect(withCheckDigit(code5)).toBe(code6);
  });

  it('refuses anything but 5 digits', () => {
    expect(() => withCheckDigit('1310')).toThrow();
  });
});

describe('address service', () => {
  const service = createAddressService();

  it('finds 千代田区千代田 for 1000001', () => {
    expect(service.byPostalCode('1000001')).toEqual([
      { post_code: '1000001', lg_code: '131016', pref: '東京都', city: '千代田区', town: '千代田' },
    ]);
  });

  it('answers the whole city with an empty town for 0600000', () => {
    expect(service.byPostalCode('060-0000')).toEqual([
      { post_code: '0600000', lg_code: '011011', pref: '北海道', city: '札幌市中央区', town: '' },
    ]);
  });

  it('lists every town of a code that names several', () => {
    const towns = service.byPostalCode('2760035');
    expect(towns.map((a) => a.town)).toEqual(['大和田新田', '高津']);
    expect(new Set(towns.map((a) => a.lg_code))).toEqual(new Set(['122211']));
  });

  it('lists several cities when one code spans them', () => {
    const cities = service.byPostalCode('2590100').map((a) => `${a.pref}${a.city}`);
    expect(cities.length).toBeGreaterThan(1);
    expect(new Set(cities).size).toBe(cities.length);
  });

  it('answers [] for an unknown code, and the same answer twice for a known one', () => {
    expect(service.byPostalCode('9999999')).toEqual([]);
    expect(service.byPostalCode('0000000')).toEqual([]);
    expect(service.byPostalCode('1000001')).toBe(service.byPostalCode('100-0001'));
  });

  it('refuses a malformed code with validation_failed on zipcode', () => {
    try {
      service.byPostalCode('12345');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).toBody()).toEqual({
        errors: [{ code: 'validation_failed', field: 'zipcode', message: expect.any(String) }],
      });
    }
  });
});
