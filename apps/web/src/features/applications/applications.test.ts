import { describe, expect, it } from 'vitest';
import { resumePath, resumeScreen, sortApplications, type Application } from './applications';

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
  procedures: [{ id: 1, name: '出生届', reference_number: null, status: null }],
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
    expect(resumeScreen({ status: 'submitted', current_step: 'complete' })).toBe('complete');
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
