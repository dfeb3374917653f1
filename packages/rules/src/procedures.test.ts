import { describe, expect, it } from 'vitest';
import { allowedProcedures } from './evaluate.js';
import { formConfig } from './testing/form-config.js';
import { answers } from './testing/fixtures.js';

const decide = (code: string, items: Record<string, string>) =>
  allowedProcedures(formConfig, [code], answers([], items))[0];

describe('allowedProcedures', () => {
  it('allows a procedure without procedural rules', () => {
    expect(decide('p1', {})).toEqual({
      code: 'p1',
      allowed: true,
      reason: 'applicable because it has no procedural rules',
    });
  });

  it('hides a procedure by procedure_rule.hidden_rules', () => {
    expect(decide('p2', { pension: 'mutual_aid', custody: 'yes' })).toEqual({
      code: 'p2',
      allowed: false,
      reason: 'hidden because pension equals "mutual_aid"',
    });
  });

  it('needs one inner list to hold entirely (outer OR, inner AND)', () => {
    expect(decide('p2', { pension: 'employee', custody: 'yes' })).toEqual({
      code: 'p2',
      allowed: true,
      reason: 'applicable because pension = employee and custody = yes',
    });
    expect(decide('p2', { pension: 'national', custody: 'yes' })).toEqual({
      code: 'p2',
      allowed: true,
      reason: 'applicable because pension = national and custody = yes',
    });
    expect(decide('p2', { pension: 'employee', custody: 'no' })).toEqual({
      code: 'p2',
      allowed: false,
      reason:
        'not applicable: procedural rule needs pension = employee and custody = yes, or pension = national and custody = yes',
    });
  });

  it('treats an unanswered item as a false condition', () => {
    expect(decide('p2', { pension: 'employee' })?.allowed).toBe(false);
    expect(decide('p4', {})).toEqual({
      code: 'p4',
      allowed: false,
      reason: 'not applicable: procedural rule needs extra below 5',
    });
    expect(decide('p4', { extra: '3' })?.allowed).toBe(true);
  });

  it("reads the symbol '' as answered", () => {
    expect(decide('p3', { insurer: '123456' })).toEqual({
      code: 'p3',
      allowed: true,
      reason: 'applicable because insurer answered',
    });
    expect(decide('p3', { insurer: '' })).toEqual({
      code: 'p3',
      allowed: false,
      reason: 'not applicable: procedural rule needs insurer answered',
    });
  });

  it('answers once per candidate in procedure sequence order, and rejects unknown codes', () => {
    expect(allowedProcedures(formConfig, ['p3', 'p1', 'p3'], answers()).map((d) => d.code)).toEqual([
      'p1',
      'p3',
    ]);
    expect(() => allowedProcedures(formConfig, ['p1', 'zz'], answers())).toThrow(
      expect.objectContaining({ code: 'unknown_procedure', codes: ['zz'] }),
    );
  });
});
