import { describe, expect, it } from 'vitest';
import { mergeAddress, normalizePostalCode } from './PostalCodeLookup';

describe('postal-code lookup', () => {
  it('keeps a typed address that continues the found one, fills an empty one, replaces another', () => {
    expect(mergeAddress('', 'デモ県デモ市中央一丁目')).toBe('デモ県デモ市中央一丁目');
    expect(mergeAddress('デモ県デモ市中央一丁目2番3号', 'デモ県デモ市中央一丁目')).toBe(
      'デモ県デモ市中央一丁目2番3号',
    );
    expect(mergeAddress('東京都千代田区', 'デモ県デモ市中央一丁目')).toBe('デモ県デモ市中央一丁目');
  });

  it('reads postal codes with hyphens and full-width digits', () => {
    expect(normalizePostalCode('999-9901')).toBe('9999901');
    expect(normalizePostalCode('９９９９９０１')).toBe('9999901');
    expect(normalizePostalCode('99999')).toBeNull();
  });
});
