import { describe, expect, it } from 'vitest';
import {
  outcomeOf,
  rejectedProcedures,
  resumePath,
  resumeScreen,
  sortApplications,
  type Application,
} from './applications';

const base: Application = {
  id: '3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01',
  municipality_code: '999999',
  procedure_group_id: 1,
  procedure_group_name: '出生・子育て',
  configuration_version: 1,
  status: 'draft',
  current_step: 'form',
  procedure_ids: [1],
  remand_message: null,
  remand_fields: null,
  created_at: '2026-04-01T00:00:00Z',
  updated_at: '2026-04-02T00:00:00Z',
  submitted_at: null,
  procedures: [{ id: 1, name: '出生届', reference_number: null, status: null, rejection_reason: null }],
  subject_name: null,
};

describe('resumeScreen', () => {
  it('continues a draft at its current step', () => {
    expect(resumeScreen({ status: 'draft', current_step: 'filter' })).toBe('conciergeAssistant');
    expect(resumeScreen({ status: 'draft', current_step: 'attachments' })).toBe('attached');
    expect(resumeScreen({ status: 'draft', current_step: 'signature' })).toBe(
      'signatureDigitalCertificateConfirm',
    );
  });

  it('sends a remanded application to the review and a finished one to its summary', () => {
    expect(resumeScreen({ status: 'remanded', current_step: 'complete' })).toBe('formValues');
    // 「申請内容を見る」 reads the sent answers back (issue 33), not the completion page again.
    expect(resumeScreen({ status: 'submitted', current_step: 'complete' })).toBe('formValues');
    expect(resumeScreen({ status: 'completed', current_step: 'complete' })).toBe('formValues');
    expect(resumeScreen({ status: 'withdrawn', current_step: 'form' })).toBe('complete');
  });

  it('builds the path under the municipality', () => {
    expect(resumePath(base)).toBe(`/municipalities/999999/applications/${base.id}/form`);
  });
});

describe('sortApplications', () => {
  it('puts the newest activity first', () => {
    const older = { ...base, id: 'a', updated_at: '2026-01-01T00:00:00Z' };
    expect(sortApplications([older, base]).map((a) => a.id)).toEqual([base.id, 'a']);
  });
});

describe('outcomeOf', () => {
  const done = (statuses: ('completed' | 'rejected' | 'in_progress')[]) => ({
    ...base,
    status: 'completed' as const,
    procedures: statuses.map((status, i) => ({
      id: i + 1,
      name: `手続き${i + 1}`,
      reference_number: `2026-00000${i + 1}`,
      status,
      rejection_reason: status === 'rejected' ? '対象外のため' : null,
    })),
  });

  it('says 却下 when every procedure was rejected and 一部却下 when some were, never completed', () => {
    expect(outcomeOf(done(['rejected']))).toBe('rejected');
    expect(outcomeOf(done(['completed', 'rejected']))).toBe('partly_rejected');
    expect(outcomeOf(done(['completed', 'completed']))).toBe('completed');
    expect(rejectedProcedures(done(['completed', 'rejected'])).map((p) => p.rejection_reason)).toEqual([
      '対象外のため',
    ]);
  });

  it('keeps the status of an application still in hand', () => {
    expect(outcomeOf({ ...done(['rejected', 'in_progress']), status: 'submitted' })).toBe('submitted');
    expect(outcomeOf(base)).toBe('draft');
  });
});
