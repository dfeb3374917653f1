import { describe, expect, it } from 'vitest';
import { answerRows, changedValues, checkValue, type FormItem } from './answers';
import { staffMoves, workflowDone } from './StatusSection';
import { currentStep, stepMoves } from './WorkflowSection';

const item = (over: Partial<FormItem>): FormItem => ({
  code: 'x',
  name: 'X',
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  repeatable: false,
  ...over,
});

describe('status and workflow moves', () => {
  it('offers staff only their moves', () => {
    expect(staffMoves('received')).toEqual(['in_progress', 'remanded', 'completed', 'rejected']);
    expect(staffMoves('remanded')).toEqual([]);
    expect(staffMoves('resubmitted')).toEqual(['in_progress', 'remanded', 'completed', 'rejected']);
    expect(staffMoves('completed')).toEqual([]);
  });

  it('needs every step approved or skipped for completion', () => {
    expect(workflowDone([{ status: 'approved' }, { status: 'skipped' }])).toBe(true);
    expect(workflowDone([{ status: 'approved' }, { status: 'in_progress' }])).toBe(false);
  });

  it('moves the first open step only', () => {
    const steps = [
      { sequence: 2, status: 'pending' },
      { sequence: 1, status: 'approved' },
      { sequence: 3, status: 'pending' },
    ];
    expect(currentStep(steps)?.sequence).toBe(2);
    expect(currentStep([{ sequence: 1, status: 'skipped' }])).toBeUndefined();
    expect(stepMoves('pending')).toEqual(['in_progress', 'skipped']);
    expect(stepMoves('in_progress')).toEqual(['approved', 'returned']);
    expect(stepMoves('returned')).toEqual(['in_progress']);
    expect(stepMoves('approved')).toEqual([]);
  });
});

describe('answers', () => {
  const sex = item({
    code: 'sex',
    name: '性別',
    type: 'radio',
    choices: [
      { value: 'male', label: '男' },
      { value: 'female', label: '女' },
    ],
  });
  const child = item({ code: 'child_name', name: '子の名', repeatable: true });
  const fragments = [
    { name: '申請者', procedure_codes: ['a'], items: [sex] },
    { name: '子', procedure_codes: ['a'], items: [child] },
    { name: '他の手続き', procedure_codes: ['b'], items: [item({ code: 'other' })] },
  ];

  it('lists the procedure’s items in form order with each answered repeat, and unknown answers last', () => {
    const rows = answerRows(fragments, 'a', [
      { standard_item_code: 'child_name', sequence: 2, value: '次郎' },
      { standard_item_code: 'child_name', sequence: 1, value: '一郎' },
      { standard_item_code: 'legacy', sequence: 1, value: 'x' },
    ]);
    expect(rows.map((r) => [r.code, r.sequence, r.value])).toEqual([
      ['sex', 1, null],
      ['child_name', 1, '一郎'],
      ['child_name', 2, '次郎'],
      ['legacy', 1, 'x'],
    ]);
  });

  it('sends only changed values, blanks as null, and checks them like the applicant form', () => {
    const rows = answerRows(fragments, 'a', [{ standard_item_code: 'sex', sequence: 1, value: 'male' }]);
    expect(changedValues(rows, { 'sex#1': 'male', 'child_name#1': '' })).toEqual([]);
    expect(changedValues(rows, { 'sex#1': 'female', 'child_name#1': '花子' })).toEqual([
      { standard_item_code: 'sex', sequence: 1, value: 'female' },
      { standard_item_code: 'child_name', sequence: 1, value: '花子' },
    ]);
    expect(changedValues(rows, { 'sex#1': '' })).toEqual([
      { standard_item_code: 'sex', sequence: 1, value: null },
    ]);
    expect(checkValue(sex, 'other')).not.toBeNull();
    expect(checkValue({ ...sex, required: true }, null)).toEqual({ key: 'required' });
    expect(checkValue(item({ type: 'kana' }), 'ヤマダ')).toBeNull();
    expect(checkValue(item({ type: 'kana' }), 'yamada')).not.toBeNull();
  });
});
