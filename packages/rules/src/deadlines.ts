/**
 * Processing deadlines of staff documents (decision 0019): a procedure's processing days, counted in
 * Japan days from the day a document was received (or resubmitted), end on its deadline day. The
 * document's `due_at` is the start (00:00 JST) of that day; it runs only while staff have the move.
 */
import type { DocumentStatus } from '@portal/contracts';
import { japanDate, japanDayStart } from './japan-date.js';

/** Statuses in which staff owe the next act, so the deadline runs: not remanded, not settled. */
export const DEADLINE_STATUSES: readonly DocumentStatus[] = ['received', 'in_progress', 'resubmitted'];

export const deadlineRuns = (status: DocumentStatus): boolean => DEADLINE_STATUSES.includes(status);

/** The YYYY-MM-DD date `days` calendar days after a YYYY-MM-DD date (negative goes back). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The `due_at` of a document received at an instant for a procedure's processing days: the start of the
 * Japan day `days` after the day received (the first day is not counted); null without processing days.
 */
export function dueAtFor(receivedAt: Date, processingDays: number | null | undefined): Date | null {
  if (!processingDays) return null;
  return japanDayStart(addDays(japanDate(receivedAt), processingDays));
}

/** Whole Japan days from today to the deadline day: 0 is "today", negative is overdue by that many. */
export function daysLeft(dueAt: Date, now: Date): number {
  const ms = Date.parse(`${japanDate(dueAt)}T00:00:00Z`) - Date.parse(`${japanDate(now)}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** What a document's deadline says now: none, days left (0 = today), or days overdue. */
export type Deadline = { kind: 'none' } | { kind: 'left'; days: number } | { kind: 'overdue'; days: number };

/** A document's deadline as screens word it; a document whose deadline does not run has none. */
export function deadlineOf(dueAt: Date | string | null, status: DocumentStatus, now: Date): Deadline {
  if (dueAt === null || !deadlineRuns(status)) return { kind: 'none' };
  const days = daysLeft(typeof dueAt === 'string' ? new Date(dueAt) : dueAt, now);
  return days < 0 ? { kind: 'overdue', days: -days } : { kind: 'left', days };
}
