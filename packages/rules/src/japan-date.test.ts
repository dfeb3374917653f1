import { describe, expect, it } from 'vitest';
import { japanDate, japanDayStart, nextDay } from './japan-date.js';

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
});
