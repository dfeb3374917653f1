import { describe, expect, it } from 'vitest';
import { refusalReason } from './bulk-results';

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
});
