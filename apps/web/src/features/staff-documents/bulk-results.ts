// How a bulk act's per-document refusal reads (decision 0020): the single act's error, worded for staff
// by its code and field, and by which act refused it.
import type { BulkResult } from '@portal/contracts';
import type { TFunction } from 'i18next';

export type BulkAct = 'status' | 'assign';
type Outcome = BulkResult['results'][number];
type Reason =
  | 'not_found'
  | 'illegal_transition'
  | 'workflow_open'
  | 'settled'
  | 'no_open_step'
  | 'assignee'
  | 'forbidden'
  | 'changed'
  | 'other';

/** The key under `staff.bulk.reason` for a refused document. */
export function refusalReason(act: BulkAct, outcome: Outcome): Reason {
  const error = outcome.error;
  if (!error) return 'other';
  switch (error.code) {
    case 'not_found':
      return 'not_found';
    case 'illegal_transition':
      return 'illegal_transition';
    case 'forbidden':
      return 'forbidden';
    case 'validation_failed':
      return error.field === 'user_id' ? 'assignee' : 'other';
    case 'conflict':
      if (error.field === 'workflow') return 'no_open_step';
      if (error.field === 'status') return act === 'status' ? 'workflow_open' : 'settled';
      return 'changed';
    default:
      return 'other';
  }
}

export function refusalText(t: TFunction, act: BulkAct, outcome: Outcome): string {
  const status = outcome.status ? t(`staff.status.${outcome.status}`) : '';
  return t(`staff.bulk.reason.${refusalReason(act, outcome)}`, { status });
}
