import { PREFILL_CLAIMS, type PrefillRule } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import {
  addRule,
  CLAIM_PREFIXES,
  conditionsSummary,
  listedClaim,
  moveRule,
  removeRule,
  setAllConditions,
  setSource,
  setLocked,
  setVerify,
  setTarget,
  type SummaryWords,
} from './prefill-rules';
import { addCondition, removeCondition, setCondition } from './rule-lists';

const father = [{ source: 'notifier_role', symbol: 'equal' as const, expected: 'father' }];
const rules: PrefillRule[] = [
  { source: 'profile.last_name', target: 'applicant_last_name' },
  { source: 'profile.first_name', target: 'father_first_name', conditions: [father] },
  { source: 'registry.spouse_first_name', target: 'mother_first_name', conditions: [father] },
];

describe('prefill rule sources', () => {
  it('lists the card, the registry, the account and the personal portal, in that order', () => {
    expect(CLAIM_PREFIXES).toEqual(['profile', 'registry', 'public_account', 'mynaportal']);
  });

  it('knows listed claims by their full name only', () => {
    expect(listedClaim('registry.spouse_first_name')).toEqual({
      prefix: 'registry',
      claim: 'spouse_first_name',
    });
    expect(listedClaim('public_account.bank_code')).toEqual({ prefix: 'public_account', claim: 'bank_code' });
    expect(listedClaim('last_name')).toBeNull();
    expect(listedClaim('registry.no_such_claim')).toBeNull();
    expect(listedClaim('profile.nickname')).toBeNull();
  });

  it('have a label for every claim, in Japanese and in English', async () => {
    const ja = mastertoolMessages.ja.mastertool.prefill;
    const en = (await mastertoolMessages.en()).mastertool.prefill;
    for (const prefix of CLAIM_PREFIXES) {
      expect(ja.sources[prefix]).not.toBe('');
      expect(en.sources[prefix]).not.toBe('');
      for (const claim of PREFILL_CLAIMS[prefix]) {
        const labels = [ja, en].map((texts) => (texts.claims[prefix] as Record<string, string>)[claim]);
        for (const label of labels) expect(label?.trim(), `${prefix}.${claim}`).toBeTruthy();
      }
    }
    expect(ja.claims.registry.spouse_first_name).toBe('配偶者の名');
    expect(en.claims.registry.spouse_first_name).toBe("Spouse's first name");
  });
});

describe('prefill rule changes', () => {
  it('set the item and the source of one rule, leaving the others', () => {
    const next = setSource(setTarget(rules, 0, 'child_last_name'), 0, 'registry.last_name');
    expect(next[0]).toEqual({ source: 'registry.last_name', target: 'child_last_name' });
    expect(next.slice(1)).toEqual(rules.slice(1));
    expect(rules[0]).toEqual({ source: 'profile.last_name', target: 'applicant_last_name' });
  });

  it('mark a rule as verified and unmark it (no verify key left behind)', () => {
    const marked = setVerify(rules, 0, true);
    expect(marked[0]).toEqual({ source: 'profile.last_name', target: 'applicant_last_name', verify: true });
    expect(setVerify(marked, 0, false)[0]).toEqual(rules[0]);
    expect(marked.slice(1)).toEqual(rules.slice(1));
  });

  it('make a rule required by the procedure and release it (no locked key left behind)', () => {
    const locked = setLocked(rules, 0, true);
    expect(locked[0]).toEqual({ source: 'profile.last_name', target: 'applicant_last_name', locked: true });
    expect(setLocked(locked, 0, false)[0]).toEqual(rules[0]);
  });

  it('add an empty rule at the end and remove one by its place', () => {
    expect(addRule(rules)).toEqual([...rules, { source: '', target: '' }]);
    expect(removeRule(rules, 1)).toEqual([rules[0], rules[2]]);
  });

  it('move a rule up or down (the first rule that gives a value wins)', () => {
    expect(moveRule(rules, 2, -1)).toEqual([rules[0], rules[2], rules[1]]);
    expect(moveRule(rules, 0, 1)).toEqual([rules[1], rules[0], rules[2]]);
    expect(moveRule(rules, 0, -1)).toEqual(rules);
  });

  it('take conditions as the typed editor changes them: groups joined by または, none removes the field', () => {
    let next = setAllConditions(
      rules,
      0,
      setCondition(addCondition([], 0), 0, 0, { source: 'notifier_role', expected: 'mother' }),
    );
    expect(next[0]?.conditions).toEqual([[{ source: 'notifier_role', symbol: 'equal', expected: 'mother' }]]);
    // A second group: either holds.
    const or = addCondition(next[0]!.conditions!, 1);
    next = setAllConditions(next, 0, setCondition(or, 1, 0, { source: 'notifier_role', expected: 'father' }));
    expect(next[0]?.conditions).toHaveLength(2);
    expect(next.slice(1)).toEqual(rules.slice(1));
    next = setAllConditions(next, 0, removeCondition(removeCondition(next[0]!.conditions!, 1, 0), 0, 0));
    expect(next[0]).toEqual({ source: 'profile.last_name', target: 'applicant_last_name' });
    expect('conditions' in next[0]!).toBe(false);
    expect(setAllConditions(next, 0, null)[0]).toEqual(rules[0]);
  });
});

describe('conditions in words', () => {
  const words: SummaryWords = {
    item: (code) => code.toUpperCase(),
    value: (_code, value) => `<${value}>`,
    comparison: (symbol, item, value) => `${item} ${symbol || 'answered'} ${value}`.trim(),
    and: ' & ',
    or: ' | ',
    when: (text) => `when ${text}`,
    always: 'always',
  };

  it('join an AND-list and an OR of them, naming items and values by the words given', () => {
    expect(conditionsSummary(rules[1]!, words)).toBe('when NOTIFIER_ROLE equal <father>');
    expect(conditionsSummary(rules[0]!, words)).toBe('always');
    const both: PrefillRule = {
      ...rules[0]!,
      conditions: [
        [...father, { source: 'child_sex', symbol: '', expected: '' }],
        [{ source: 'birth_date', symbol: 'above', expected: '2026-01-01' }],
      ],
    };
    expect(conditionsSummary(both, words)).toBe(
      'when NOTIFIER_ROLE equal <father> & CHILD_SEX answered | BIRTH_DATE above <2026-01-01>',
    );
  });
});
