// How a bulk act's per-document refusal reads (decision 0020): the single act's error, worded for staff
// by its code and field, and by which act refused it.
import type { BulkResult } from '@portal/contracts';
import type { TFunction } from 'i18next';

export type BulkAct = 'status' | 'assign' | 'workflow';
type Outcome = BulkResult['results'][number];
type Reason =
  | 'not_found'
  | 'illegal_transition'
  | 'workflow_open'
  | 'settled'
  | 'no_open_step'
  | 'step_move'
  | 'step_settled'
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
      // A workflow act is refused by the step's machine: its current step does not allow the move.
      return act === 'workflow' ? 'step_move' : 'illegal_transition';
    case 'forbidden':
      return 'forbidden';
    case 'validation_failed':
      return error.field === 'user_id' ? 'assignee' : 'other';
    case 'conflict':
      if (error.field === 'workflow') return 'no_open_step';
      if (error.field === 'status') {
        return act === 'status' ? 'workflow_open' : act === 'workflow' ? 'step_settled' : 'settled';
      }
      return 'changed';
    default:
      return 'other';
  }
}

export function refusalText(t: TFunction, act: BulkAct, outcome: Outcome): string {
  const status = outcome.status ? t(`staff.status.${outcome.status}`) : '';
  const step = outcome.step ? t('staff.workflow.stepName', outcome.step) : '';
  const stepStatus = outcome.step ? t(`staff.stepStatus.${outcome.step.status}`) : '';
  return t(`staff.bulk.reason.${refusalReason(act, outcome)}`, { status, step, stepStatus });
}

/** A moved document's step in words: 「2. 審査：承認済み」 (a workflow act's changed list). */
export function movedStepText(t: TFunction, outcome: Outcome): string {
  if (!outcome.step) return '';
  return t('staff.bulk.stepMoved', {
    step: t('staff.workflow.stepName', outcome.step),
    stepStatus: t(`staff.stepStatus.${outcome.step.status}`),
  });
}
