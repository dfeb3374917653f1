import { describe, expect, it } from 'vitest';
import {
  japanDate,
  japanDateParts,
  japanDateTime,
  japaneseDate,
  japanDayStart,
  nextDay,
} from './japan-date.js';

describe('Japan calendar days', () => {
  it('give the Japan date of an instant, also between 00:00 and 09:00 JST (UTC the day before)', () => {
    expect(japanDate(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
    expect(japanDate(new Date('2026-11-24T14:59:59Z'))).toBe('2026-11-24');
    expect(japanDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('start a day at midnight JST and step to the next day over month and year ends', () => {
    expect(japanDayStart('2026-11-25').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('write an instant as the Japan date in parts and in Japanese, and as Japan wall-clock time', () => {
    const at = new Date('2026-10-31T15:30:05Z');
    expect(japanDateParts(at)).toEqual({ year: 2026, month: 11, day: 1 });
    expect(japaneseDate(at)).toBe('2026年11月1日');
    expect(japanDateTime(at)).toBe('2026-11-01 00:30:05');
    expect(japaneseDate(new Date('2026-10-31T14:59:59Z'))).toBe('2026年10月31日');
  });
});
