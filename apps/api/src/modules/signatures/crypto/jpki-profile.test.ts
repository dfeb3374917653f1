import { describe, expect, it } from 'vitest';
import { InvalidResidentError, JpkiFactsError } from './errors.js';
import { ageOn, decodeJpkiBirthDate, encodeJpkiBirthDate, eraOf } from './jpki-profile.js';

describe('JPKI birth date (era digit + Gregorian YYYYMMDD)', () => {
  it.each([
    ['1912-07-29', '119120729'],
    ['1912-07-30', '219120730'],
    ['1926-12-24', '219261224'],
    ['1926-12-25', '319261225'],
    ['1980-02-17', '319800217'],
    ['1989-01-07', '319890107'],
    ['1989-01-08', '419890108'],
    ['2019-04-30', '420190430'],
    ['2019-05-01', '520190501'],
  ])('%s → %s', (iso, jpki) => {
    expect(encodeJpkiBirthDate(iso)).toBe(jpki);
    expect(decodeJpkiBirthDate(jpki).birth_date).toBe(iso);
  });

  it('names the era and accepts the unknown-era digit 0', () => {
    expect(eraOf('2000-01-01').kanji).toBe('平成');
    expect(decodeJpkiBirthDate('319800217').era).toBe('showa');
    expect(decodeJpkiBirthDate('019800217')).toEqual({ birth_date: '1980-02-17', era: null });
  });

  it('rejects malformed values', () => {
    expect(() => encodeJpkiBirthDate('1980-02-30')).toThrow(InvalidResidentError);
    expect(() => encodeJpkiBirthDate('1850-01-01')).toThrow(InvalidResidentError);
    expect(() => decodeJpkiBirthDate('19800217')).toThrow(JpkiFactsError);
    expect(() => decodeJpkiBirthDate('619800217')).toThrow(JpkiFactsError);
    expect(() => decodeJpkiBirthDate('319801301')).toThrow(JpkiFactsError);
  });
});

describe('ageOn (Japan calendar date of the instant)', () => {
  it('counts the birthday itself, in Japan time', () => {
    // 2026-03-31T15:00Z is 2026-04-01 00:00 in Japan.
    expect(ageOn('2011-04-01', new Date('2026-03-31T14:59:59Z'))).toBe(14);
    expect(ageOn('2011-04-01', new Date('2026-03-31T15:00:00Z'))).toBe(15);
  });

  it('makes 29 February births a year older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', new Date('2023-02-28T03:00:00Z'))).toBe(14);
    expect(ageOn('2008-02-29', new Date('2023-03-01T03:00:00Z'))).toBe(15);
  });
});
