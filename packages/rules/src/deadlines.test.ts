import { describe, expect, it } from 'vitest';
import { addDays, daysLeft, deadlineOf, deadlineRuns, dueAtFor } from './deadlines.js';

describe('processing deadlines', () => {
  it('add calendar days over month, year and leap-day ends', () => {
    expect(addDays('2026-11-25', 14)).toBe('2026-12-09');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(addDays('2028-02-15', 14)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('end on the Japan day the processing days after the day received, at its start (JST)', () => {
    // 2026-11-24 23:30 UTC is already 2026-11-25 in Japan.
    expect(dueAtFor(new Date('2026-11-24T23:30:00Z'), 14)?.toISOString()).toBe('2026-12-08T15:00:00.000Z');
    expect(dueAtFor(new Date('2026-11-24T14:59:00Z'), 14)?.toISOString()).toBe('2026-12-07T15:00:00.000Z');
    expect(dueAtFor(new Date('2026-11-25T03:00:00Z'), null)).toBeNull();
    expect(dueAtFor(new Date('2026-11-25T03:00:00Z'), undefined)).toBeNull();
  });

  it('count days left in Japan days, whatever the hour', () => {
    const due = new Date('2026-12-08T15:00:00Z'); // the deadline day is 2026-12-09 in Japan
    expect(daysLeft(due, new Date('2026-12-06T15:00:00Z'))).toBe(2); // 12-07 00:00 JST
    expect(daysLeft(due, new Date('2026-12-08T14:59:59Z'))).toBe(1); // 12-08 23:59 JST
    expect(daysLeft(due, new Date('2026-12-09T14:59:59Z'))).toBe(0); // 12-09 23:59 JST: today
    expect(daysLeft(due, new Date('2026-12-09T15:00:00Z'))).toBe(-1); // 12-10 00:00 JST: overdue
    expect(daysLeft(due, new Date('2027-01-10T03:00:00Z'))).toBe(-32);
  });

  it('run only while staff have the move; a remanded or settled document has none', () => {
    const due = '2026-12-08T15:00:00.000Z';
    const now = new Date('2026-12-10T03:00:00Z');
    expect(deadlineOf(due, 'received', now)).toEqual({ kind: 'overdue', days: 1 });
    expect(deadlineOf(due, 'in_progress', new Date('2026-12-09T03:00:00Z'))).toEqual({
      kind: 'left',
      days: 0,
    });
    expect(deadlineOf(due, 'resubmitted', new Date('2026-12-06T03:00:00Z'))).toEqual({
      kind: 'left',
      days: 3,
    });
    for (const status of ['remanded', 'completed', 'rejected', 'withdrawn'] as const) {
      expect(deadlineRuns(status)).toBe(false);
      expect(deadlineOf(due, status, now)).toEqual({ kind: 'none' });
    }
    expect(deadlineOf(null, 'received', now)).toEqual({ kind: 'none' });
  });
});
