import { describe, expect, it } from 'vitest';
import { movedStepText, refusalReason, refusalText } from './bulk-results';

const refused = (code: string, field?: string, status: string | null = 'received') =>
  ({
    document_id: '00000000-0000-4000-8000-000000000000',
    reference_number: '2026-000001',
    status,
    outcome: 'refused',
    error: { code, message: 'x', ...(field ? { field } : {}) },
  }) as never;

describe('refusalReason', () => {
  it('words each refusal of a status change by its code and field', () => {
    expect(refusalReason('status', refused('not_found', undefined, null))).toBe('not_found');
    expect(refusalReason('status', refused('illegal_transition', 'status'))).toBe('illegal_transition');
    expect(refusalReason('status', refused('conflict', 'status'))).toBe('workflow_open');
    expect(refusalReason('status', refused('conflict'))).toBe('changed');
    expect(refusalReason('status', refused('internal_error'))).toBe('other');
  });

  it('words each refusal of an assignment', () => {
    expect(refusalReason('assign', refused('conflict', 'status', 'completed'))).toBe('settled');
    expect(refusalReason('assign', refused('conflict', 'workflow'))).toBe('no_open_step');
    expect(refusalReason('assign', refused('validation_failed', 'user_id'))).toBe('assignee');
    expect(refusalReason('assign', refused('forbidden'))).toBe('forbidden');
    expect(refusalReason('assign', refused('validation_failed', 'other'))).toBe('other');
  });

  it('words each refusal of a workflow act (issue 32): the step machine, a settled document, no open step', () => {
    expect(refusalReason('workflow', refused('illegal_transition', 'status'))).toBe('step_move');
    expect(refusalReason('workflow', refused('conflict', 'status', 'rejected'))).toBe('step_settled');
    expect(refusalReason('workflow', refused('conflict', 'workflow'))).toBe('no_open_step');
    expect(refusalReason('workflow', refused('conflict'))).toBe('changed');
    expect(refusalReason('workflow', refused('forbidden'))).toBe('forbidden');
  });
});

describe('refusalText and movedStepText', () => {
  // A stand-in t: the key with its values, so the test reads what is passed to the words.
  const t = ((key: string, values?: Record<string, unknown>) =>
    values ? `${key}${JSON.stringify(values)}` : key) as never;
  const step = { sequence: 2, name: '審査', status: 'pending' as const };

  it('names the current step and its status in a workflow refusal', () => {
    const outcome = { ...(refused('illegal_transition', 'status') as object), step };
    expect(refusalText(t, 'workflow', outcome as never)).toContain('staff.bulk.reason.step_move');
    expect(refusalText(t, 'workflow', outcome as never)).toContain('staff.stepStatus.pending');
  });

  it('words a moved step, and nothing for an act without one', () => {
    const moved = { ...(refused('x') as object), outcome: 'changed', error: null, step };
    expect(movedStepText(t, moved as never)).toContain('staff.bulk.stepMoved');
    expect(movedStepText(t, refused('x'))).toBe('');
  });
});
