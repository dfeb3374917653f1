import { describe, expect, it } from 'vitest';
import { DocumentListQuery, DocumentSummary } from './documents.js';
import { Procedure } from './procedure.js';

// Processing deadlines (decision 0019) in the contracts: the procedure's days, the list's sort and filter.
describe('processing deadline contracts', () => {
  const procedure = {
    id: 1,
    code: 'birth_notification',
    name: '出生届',
    sequence: 0,
    remarks: null,
    is_confirmed: true,
    printed_copies: 1,
    check_messages: [],
    procedural_rules: [],
    workflow_template_id: null,
    is_signature_digital_certificate: false,
    department_code: 'shimin',
    procedure_fragments: [],
  };

  it('accept processing days of 1 to 365 whole days, null, or none (stored configurations)', () => {
    for (const days of [1, 14, 365, null, undefined]) {
      expect(Procedure.safeParse({ ...procedure, processing_days: days }).success, String(days)).toBe(true);
    }
    for (const days of [0, -3, 366, 1.5, '14']) {
      expect(Procedure.safeParse({ ...procedure, processing_days: days }).success, String(days)).toBe(false);
    }
  });

  it('read the overdue flag as text true or false only, and the deadline sorts', () => {
    expect(DocumentListQuery.parse({ overdue: 'true', sort: 'due_at' })).toMatchObject({
      overdue: true,
      sort: 'due_at',
    });
    expect(DocumentListQuery.parse({ overdue: 'false', sort: '-due_at' })).toMatchObject({
      overdue: false,
      sort: '-due_at',
    });
    expect(DocumentListQuery.parse({}).overdue).toBeUndefined();
    for (const overdue of ['maybe', '1', '', 'TRUE']) {
      const result = DocumentListQuery.safeParse({ overdue });
      expect(result.success, overdue).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['overdue']);
    }
    expect(DocumentListQuery.safeParse({ sort: 'due' }).success).toBe(false);
  });

  it('carry a nullable due_at on each listed document', () => {
    const row = {
      id: '5b0c2d8e-3f43-4b57-9a59-0e8b1c7a1f00',
      reference_number: '2026-000001',
      application_id: '5b0c2d8e-3f43-4b57-9a59-0e8b1c7a1f01',
      procedure_code: 'birth_notification',
      procedure_name: '出生届',
      applicant_name: '山田 太郎',
      status: 'received',
      department_id: 1,
      received_at: '2026-11-25T03:00:00.000Z',
      updated_at: '2026-11-25T03:00:00.000Z',
      version: 1,
      possible_duplicate: null,
    };
    expect(DocumentSummary.safeParse({ ...row, due_at: '2026-12-08T15:00:00.000Z' }).success).toBe(true);
    expect(DocumentSummary.safeParse({ ...row, due_at: null }).success).toBe(true);
    expect(DocumentSummary.safeParse(row).success).toBe(false);
  });
});
