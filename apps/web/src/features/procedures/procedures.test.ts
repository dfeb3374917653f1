import { describe, expect, it } from 'vitest';
import { checkMessagesIds, initialChoice, showsCheckMessages, type ProcedureView } from './procedures';

const procedure = (id: number, sequence: number, checks: string[] = []): ProcedureView => ({
  id,
  code: `p${id}`,
  name: `手続き${id}`,
  sequence,
  remarks: null,
  is_confirmed: true,
  printed_copies: 1,
  check_messages: checks,
  procedural_rules: [],
  workflow_template_id: null,
  is_signature_digital_certificate: false,
  department_code: null,
  procedure_fragments: [],
});

describe('procedure choice', () => {
  const available = [procedure(2, 1, ['確認してください']), procedure(1, 0), procedure(3, 2)];

  it('ticks every allowed procedure at first, and the saved choice afterwards', () => {
    expect(initialChoice(available, [])).toEqual([1, 2, 3]);
    expect(initialChoice(available, [3, 1])).toEqual([1, 3]);
    // A saved procedure the answers no longer allow is not ticked.
    expect(initialChoice(available, [3, 9])).toEqual([3]);
  });

  it('shows the check messages of chosen procedures that have some, as information', () => {
    const [withChecks, withoutChecks] = available as [ProcedureView, ProcedureView];
    expect(showsCheckMessages(withChecks, [1, 2])).toBe(true);
    expect(showsCheckMessages(withChecks, [1, 3])).toBe(false);
    expect(showsCheckMessages(withoutChecks, [1, 2])).toBe(false);
  });

  it('names the heading and the list that describe the procedure', () => {
    expect(checkMessagesIds({ id: 2 })).toEqual({
      heading: 'procedure-2-checks-heading',
      list: 'procedure-2-checks',
      describedBy: 'procedure-2-checks-heading procedure-2-checks',
    });
  });
});
