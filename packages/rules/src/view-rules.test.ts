import { describe, expect, it } from 'vitest';
import { wholeYears } from './answers.js';
import { RuleConfigurationError } from './errors.js';
import { answers, ctx, formula, selected } from './testing/fixtures.js';
import { evaluateViewRules, parseExpression } from './view-rules.js';

const describeOption = (id: number) => (id === 7 ? '"はい" to "お子さんは生まれましたか？"' : undefined);

describe('evaluateViewRules: selected', () => {
  it('shows an empty list', () => {
    expect(evaluateViewRules([], answers(), ctx)).toEqual({
      shown: true,
      reason: 'shown because it has no conditions',
    });
  });

  it('holds exactly when the option id is among the chosen ones, naming the answer', () => {
    expect(evaluateViewRules([selected(7)], answers([3, 7]), ctx, describeOption)).toEqual({
      shown: true,
      reason: 'shown because you answered "はい" to "お子さんは生まれましたか？"',
    });
    expect(evaluateViewRules([selected(7)], answers([3, 8]), ctx, describeOption)).toEqual({
      shown: false,
      reason: 'hidden because you did not answer "はい" to "お子さんは生まれましたか？"',
    });
  });

  it('names an option it cannot describe by id', () => {
    expect(evaluateViewRules([selected(9)], answers([9]), ctx).reason).toBe(
      'shown because you answered option 9',
    );
  });
});

describe('evaluateViewRules: formula on an item', () => {
  const items = { pension: 'employee', count: '3', date: '2026-03-31', list: ['a', 'b'] };

  it('equal compares text, and a choice list by membership', () => {
    expect(evaluateViewRules([formula('pension', 'equal', 'employee')], answers([], items), ctx)).toEqual({
      shown: true,
      reason: 'shown because pension equals "employee"',
    });
    expect(evaluateViewRules([formula('pension', 'equal', 'national')], answers([], items), ctx)).toEqual({
      shown: false,
      reason: 'hidden because pension does not equal "national"',
    });
    expect(evaluateViewRules([formula('list', 'equal', 'b')], answers([], items), ctx).shown).toBe(true);
  });

  it('above and below compare numbers and ISO dates', () => {
    expect(evaluateViewRules([formula('count', 'above', '2')], answers([], items), ctx)).toEqual({
      shown: true,
      reason: 'shown because count is above 2',
    });
    expect(evaluateViewRules([formula('count', 'above', '3')], answers([], items), ctx)).toEqual({
      shown: false,
      reason: 'hidden because count is not above 3',
    });
    expect(evaluateViewRules([formula('count', 'below', '10')], answers([], items), ctx).reason).toBe(
      'shown because count is below 10',
    );
    expect(evaluateViewRules([formula('count', 'below', '3')], answers([], items), ctx).reason).toBe(
      'hidden because count is not below 3',
    );
    expect(evaluateViewRules([formula('date', 'below', '2026-04-01')], answers([], items), ctx).shown).toBe(
      true,
    );
    expect(evaluateViewRules([formula('date', 'above', '2026-04-01')], answers([], items), ctx).shown).toBe(
      false,
    );
  });

  it('the empty symbol means answered', () => {
    expect(evaluateViewRules([formula('pension', '', '')], answers([], items), ctx)).toEqual({
      shown: true,
      reason: 'shown because pension is answered',
    });
    expect(evaluateViewRules([formula('missing', '', '')], answers([], items), ctx)).toEqual({
      shown: false,
      reason: 'hidden because missing is not answered',
    });
  });

  it('an unanswered item fails every comparison and says so', () => {
    for (const symbol of ['equal', 'above', 'below'] as const) {
      expect(evaluateViewRules([formula('missing', symbol, '1')], answers([], { missing: '' }), ctx)).toEqual(
        {
          shown: false,
          reason: 'hidden because missing is not answered',
        },
      );
    }
  });
});

describe('evaluateViewRules: age()', () => {
  // ctx.today is 2026-04-01: born 2020-04-02 is 5, born 2020-04-01 is 6.
  const five = answers([], { birth: '2020-04-02' });
  const six = answers([], { birth: '2020-04-01' });

  it('is whole years to context.today, compared with each symbol', () => {
    expect(evaluateViewRules([formula('age(birth)', 'equal', '5')], five, ctx)).toEqual({
      shown: true,
      reason: 'shown because age(birth) equals "5"',
    });
    expect(evaluateViewRules([formula('age(birth)', 'equal', '5')], six, ctx).shown).toBe(false);
    expect(evaluateViewRules([formula('age(birth)', 'below', '6')], five, ctx)).toEqual({
      shown: true,
      reason: 'shown because age(birth) is below 6',
    });
    expect(evaluateViewRules([formula('age(birth)', 'below', '6')], six, ctx)).toEqual({
      shown: false,
      reason: 'hidden because age(birth) is not below 6',
    });
    expect(evaluateViewRules([formula('age(birth)', 'above', '5')], six, ctx).shown).toBe(true);
    expect(evaluateViewRules([formula('age(birth)', 'above', '5')], five, ctx).shown).toBe(false);
    expect(evaluateViewRules([formula('age( birth )', '', '')], five, ctx).shown).toBe(true);
  });

  it('follows context.today', () => {
    expect(
      evaluateViewRules([formula('age(birth)', 'equal', '6')], five, { today: '2026-04-02' }).shown,
    ).toBe(true);
  });

  it('is unknown (false) without a date answer', () => {
    expect(evaluateViewRules([formula('age(birth)', 'below', '15')], answers(), ctx)).toEqual({
      shown: false,
      reason: 'hidden because age(birth) is not answered',
    });
    expect(
      evaluateViewRules([formula('age(birth)', 'below', '15')], answers([], { birth: 'soon' }), ctx).shown,
    ).toBe(false);
  });
});

describe('evaluateViewRules: lists', () => {
  it('needs every rule (AND); a hidden reason lists only the failing conditions', () => {
    const rules = [
      selected(7),
      formula('age(birth)', 'below', '15'),
      formula('pension', 'equal', 'employee'),
    ];
    const all = answers([7], { birth: '2020-01-01', pension: 'employee' });
    expect(evaluateViewRules(rules, all, ctx, describeOption)).toEqual({
      shown: true,
      reason:
        'shown because you answered "はい" to "お子さんは生まれましたか？" and age(birth) is below 15 and pension equals "employee"',
    });
    expect(evaluateViewRules(rules, { ...all, optionIds: [] }, ctx, describeOption)).toEqual({
      shown: false,
      reason: 'hidden because you did not answer "はい" to "お子さんは生まれましたか？"',
    });
    expect(evaluateViewRules(rules, answers([7], { pension: 'national' }), ctx, describeOption)).toEqual({
      shown: false,
      reason: 'hidden because age(birth) is not answered and pension does not equal "employee"',
    });
  });

  it('throws a RuleConfigurationError for a rule it cannot evaluate', () => {
    expect(() => evaluateViewRules([formula('1 + 1', 'equal', '2')], answers(), ctx)).toThrow(
      RuleConfigurationError,
    );
    expect(() => evaluateViewRules([{ ...selected(1), expected: 'yes' }], answers(), ctx)).toThrow(
      /selected rule needs an option id/,
    );
  });

  it('rejects a context without an ISO date', () => {
    expect(() => evaluateViewRules([], answers(), { today: '01/04/2026' })).toThrow(RangeError);
  });
});

describe('parseExpression and wholeYears', () => {
  it('accepts an item code or age(code) only', () => {
    expect(parseExpression('child_birth_date')).toEqual({ code: 'child_birth_date', age: false });
    expect(parseExpression('age(child_birth_date)')).toEqual({ code: 'child_birth_date', age: true });
    expect(parseExpression('age(a) + 1')).toBeUndefined();
    expect(parseExpression('')).toBeUndefined();
  });

  it('counts completed years, 29 February from 1 March, negative for later dates', () => {
    expect(wholeYears('2024-02-29', '2025-02-28')).toBe(0);
    expect(wholeYears('2024-02-29', '2025-03-01')).toBe(1);
    expect(wholeYears('2020-12-31', '2026-01-01')).toBe(5);
    expect(wholeYears('2028-06-01', '2026-04-01')).toBe(-2);
    expect(wholeYears('2026-06-01', '2026-04-01')).toBe(0);
    expect(wholeYears('2026-13-01', '2026-04-01')).toBeUndefined();
  });
});
