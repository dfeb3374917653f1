/**
 * Calendar days in Japan (UTC+9, no daylight saving): "today" for `age()` and disclosure periods, and
 * the day filters of the staff area. One definition for the browser and the server, so both decide the
 * same between 00:00 and 09:00 JST.
 */

const JAPAN_OFFSET_MS = 9 * 3600_000;

/** The calendar date in Japan at an instant, as YYYY-MM-DD. */
export const japanDate = (at: Date): string =>
  new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

/** Midnight in Japan starting a calendar date (YYYY-MM-DD), as an instant. */
export const japanDayStart = (isoDate: string): Date => new Date(`${isoDate}T00:00:00+09:00`);

/** The calendar date after a YYYY-MM-DD date. */
export function nextDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The calendar date in Japan at an instant, as numbers (month 1–12). */
export function japanDateParts(at: Date): { year: number; month: number; day: number } {
  const [year, month, day] = japanDate(at).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The calendar date in Japan at an instant in Japanese, e.g. 2026年11月1日. */
export function japaneseDate(at: Date): string {
  const { year, month, day } = japanDateParts(at);
  return `${year}年${month}月${day}日`;
}

/** The wall-clock time in Japan at an instant, as YYYY-MM-DD HH:mm:ss. */
export const japanDateTime = (at: Date): string =>
  new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
