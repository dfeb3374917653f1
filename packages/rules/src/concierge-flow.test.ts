import { describe, expect, it } from 'vitest';
import { compileConciergeSet, compileConfiguration } from './compile.js';
import type { CategoryEvaluation } from './concierge-flow.js';
import { AnswerError } from './errors.js';
import { evaluateAssistant, evaluateCategory, evaluateFilter } from './evaluate.js';
import {
  answers,
  configuration,
  conciergeSet,
  ctx,
  fo,
  formula,
  item,
  opt,
  procedure,
  qt,
  selected,
  sub,
} from './testing/fixtures.js';

/**
 * Filter: section "Start" (no rules)
 *   1 "Q1?" first: 11 yes → 2, 12 no → out "no message", 13 maybe → 3            codes p_a
 *   2 "Q2?":       21 a, 22 b → out "b message"                                   codes p_b
 *   3 "Q3?":       31 x → 5; view rule age(birth) below 18                        codes p_c
 *   4 "Q4?":       free-standing, 41 k                                            codes p_c, p_a
 *   5 "Q5?":       51 z
 * Filter: section "More" shown when 11 is chosen
 *   6 "Q6?" first: 61 s → out "s message", 62 t
 * Assistant: section "Form" shown when 62 is chosen
 *   7 "Your name" FO first, items name, nick                                     codes p_b
 *   8 "Q8?" QT:    81 m
 */
const set = conciergeSet(
  [
    sub(10, 'Start', [
      qt(
        1,
        'Q1?',
        [opt(11, 'yes', { next: 2 }), opt(12, 'no', { out: 'no message' }), opt(13, 'maybe', { next: 3 })],
        {
          is_first: true,
          codes: ['p_a'],
        },
      ),
      qt(2, 'Q2?', [opt(21, 'a'), opt(22, 'b', { out: 'b message' })], { codes: ['p_b'] }),
      qt(3, 'Q3?', [opt(31, 'x', { next: 5 })], {
        view_rules: [formula('age(birth)', 'below', '18')],
        codes: ['p_c'],
      }),
      qt(4, 'Q4?', [opt(41, 'k')], { codes: ['p_c', 'p_a'] }),
      qt(5, 'Q5?', [opt(51, 'z')]),
    ]),
    sub(
      20,
      'More',
      [qt(6, 'Q6?', [opt(61, 's', { out: 's message' }), opt(62, 't')], { is_first: true })],
      [selected(11)],
    ),
  ],
  [
    sub(
      30,
      'Form',
      [
        fo(7, 'Your name', ['name', 'nick'], { is_first: true, codes: ['p_b'] }),
        qt(8, 'Q8?', [opt(81, 'm')]),
      ],
      [selected(62)],
    ),
  ],
);

const concierge = (result: CategoryEvaluation, id: number) =>
  result.subCategories.flatMap((s) => s.concierges).find((c) => c.id === id);
const shownIds = (result: CategoryEvaluation) =>
  result.subCategories.flatMap((s) => s.concierges.filter((c) => c.shown).map((c) => c.id));
const explanation = (result: CategoryEvaluation, subject: string) =>
  result.explanations.filter((e) => e.subject === subject);

describe('concierge reachability', () => {
  it('starts with the first and the free-standing concierges', () => {
    const result = evaluateFilter(set, answers(), ctx);
    expect(shownIds(result)).toEqual([1, 4]);
    expect(concierge(result, 1)?.reason).toBe('shown because it is the first question of "Start"');
    expect(concierge(result, 4)?.reason).toBe('shown because it has no conditions');
    expect(concierge(result, 2)).toEqual({
      id: 2,
      shown: false,
      answered: false,
      reason: 'hidden because it is asked only after you answer "yes" to "Q1?"',
    });
  });

  it('follows the destination of a chosen option', () => {
    const result = evaluateFilter(set, answers([11]), ctx);
    expect(shownIds(result)).toEqual([1, 2, 4, 6]);
    expect(concierge(result, 2)?.reason).toBe('shown because you answered "yes" to "Q1?"');
    expect(concierge(result, 3)?.shown).toBe(false);
  });

  it('shows a reached concierge only when its view rules hold, and only then follows it', () => {
    const young = evaluateFilter(set, answers([13, 31], { birth: '2020-01-01' }), ctx);
    expect(shownIds(young)).toEqual([1, 3, 4, 5]);
    expect(concierge(young, 3)?.reason).toBe(
      'shown because you answered "maybe" to "Q1?" and age(birth) is below 18',
    );
    const old = evaluateFilter(set, answers([13, 31], { birth: '1990-01-01' }), ctx);
    expect(shownIds(old)).toEqual([1, 4]);
    expect(concierge(old, 3)?.reason).toBe('hidden because age(birth) is not below 18');
    expect(concierge(old, 5)?.reason).toBe('hidden because it is asked only after you answer "x" to "Q3?"');
    expect(old.ignoredOptionIds).toEqual([31]);
  });

  it('hides every concierge of a hidden sub category, and shows the section when its rules hold', () => {
    const hidden = evaluateFilter(set, answers([13]), ctx);
    expect(hidden.subCategories[1]).toEqual({
      id: 20,
      shown: false,
      reason: 'hidden because you did not answer "yes" to "Q1?"',
      concierges: [
        { id: 6, shown: false, answered: false, reason: 'hidden because its section "More" is hidden' },
      ],
    });
    const shown = evaluateFilter(set, answers([11]), ctx);
    expect(shown.subCategories[1]?.reason).toBe('shown because you answered "yes" to "Q1?"');
  });

  it('lists sub categories and concierges in sequence order', () => {
    const shuffled = conciergeSet([
      sub(2, 'B', [qt(9, 'Q9?', [], { sequence: 2 }), qt(8, 'Q8?', [], { sequence: 1 })], [], 2),
      sub(1, 'A', [], [], 1),
    ]);
    const result = evaluateFilter(shuffled, answers(), ctx);
    expect(result.subCategories.map((s) => s.id)).toEqual([1, 2]);
    expect(result.subCategories[1]?.concierges.map((c) => c.id)).toEqual([8, 9]);
  });

  it('ignores destinations into another sub category: only options of its own sub category reach a concierge', () => {
    const cross = conciergeSet([
      sub(1, 'A', [
        qt(1, 'Q1?', [opt(11, 'go', { next: 3 }), opt(12, 'free', { next: 4 })], { is_first: true }),
      ]),
      sub(2, 'B', [
        qt(2, 'Q2?', [opt(21, 'x', { next: 3 })], { is_first: true }),
        qt(3, 'Q3?', [opt(31, 'y')]),
      ]),
      sub(3, 'C', [qt(4, 'Q4?', [opt(41, 'z')])], [selected(21)]),
    ]);
    expect(shownIds(evaluateFilter(cross, answers([11]), ctx))).toEqual([1, 2]);
    expect(shownIds(evaluateFilter(cross, answers([11, 21]), ctx))).toEqual([1, 2, 3, 4]);
    // Q4 is free-standing in its section, which stays hidden whatever leads to it from elsewhere.
    expect(shownIds(evaluateFilter(cross, answers([12]), ctx))).toEqual([1, 2]);
  });
});

describe('answers that are errors or ignored', () => {
  it('rejects an option id that is in no concierge of the set', () => {
    const error = (() => {
      try {
        evaluateFilter(set, answers([11, 999, 998]), ctx);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AnswerError);
    expect(error).toMatchObject({ code: 'unknown_option', ids: [999, 998] });
  });

  it('rejects two options of one QT concierge', () => {
    expect(() => evaluateFilter(set, answers([11, 13]), ctx)).toThrow(
      expect.objectContaining({ code: 'multiple_choice', ids: [11, 13] }),
    );
    expect(() => evaluateFilter(set, answers([11, 11]), ctx)).not.toThrow();
  });

  it('lists chosen options of hidden or unreached concierges as ignored, with a reason', () => {
    const result = evaluateFilter(set, answers([21, 41, 61]), ctx);
    expect(result.ignoredOptionIds).toEqual([21, 61]);
    expect(explanation(result, 'option:21')).toEqual([
      { subject: 'option:21', shown: false, reason: 'ignored because the question "Q2?" is not shown' },
    ]);
    expect(result.scopedOut).toBe(false); // 61 scopes out, but its question is hidden
  });

  it('evaluates the assistant with filter options as answers, neither ignored nor errors', () => {
    const assistant = evaluateAssistant(set, answers([11, 62, 81]), ctx);
    expect(assistant.subCategories.map((s) => s.id)).toEqual([30]);
    expect(shownIds(assistant)).toEqual([7, 8]);
    expect(assistant.ignoredOptionIds).toEqual([]);
    expect(evaluateAssistant(set, answers([81]), ctx).ignoredOptionIds).toEqual([81]);
    const [, as] = [set.filter_concierge_category, set.assistant_concierge_category[0]!];
    expect(evaluateCategory(as, answers([11, 62]), ctx, set).subCategories[0]?.shown).toBe(true);
    // Alone, a category knows only its own options.
    expect(() => evaluateCategory(as, answers([62]), ctx)).toThrow(
      expect.objectContaining({ code: 'unknown_option' }),
    );
    expect(evaluateCategory(as, answers([81]), ctx).subCategories[0]?.shown).toBe(false);
  });
});

describe('scoped out', () => {
  it('scopes the flow out with the message of the chosen option', () => {
    const result = evaluateFilter(set, answers([12]), ctx);
    expect(result.scopedOut).toBe(true);
    expect(result.scopedOutMessages).toEqual(['no message']);
    expect(explanation(result, 'option:12')).toEqual([
      {
        subject: 'option:12',
        shown: false,
        reason: 'the online route ends because you answered "no" to "Q1?": no message',
      },
    ]);
  });

  it('collects every scoped-out message in question order', () => {
    const result = evaluateFilter(set, answers([61, 22, 11]), ctx);
    expect(result.scopedOutMessages).toEqual(['b message', 's message']);
  });

  it('skips a blank message but still scopes out', () => {
    const silent = conciergeSet([
      sub(1, 'A', [qt(1, 'Q1?', [opt(11, 'no', { out: null })], { is_first: true })]),
    ]);
    expect(evaluateFilter(silent, answers([11]), ctx)).toMatchObject({
      scopedOut: true,
      scopedOutMessages: [],
      scopedOutMessagesEn: [],
    });
  });
});

describe('candidate procedures', () => {
  it('come from shown, answered concierges that did not scope out', () => {
    expect(evaluateFilter(set, answers(), ctx).procedureCodes).toEqual([]);
    expect(evaluateFilter(set, answers([11]), ctx).procedureCodes).toEqual(['p_a']);
    expect(evaluateFilter(set, answers([11, 21]), ctx).procedureCodes).toEqual(['p_a', 'p_b']);
    // 22 scopes out: Q2's procedures are not candidates, Q1's still are (callers check scopedOut first).
    expect(evaluateFilter(set, answers([11, 22]), ctx).procedureCodes).toEqual(['p_a']);
    expect(evaluateFilter(set, answers([12]), ctx).procedureCodes).toEqual([]);
    // 31 belongs to a hidden concierge (no birth date): no p_c.
    expect(evaluateFilter(set, answers([13, 31]), ctx).procedureCodes).toEqual(['p_a']);
  });

  it('count an FO concierge as answered when any of its items is non-blank', () => {
    expect(evaluateAssistant(set, answers([11, 62], { name: '', nick: [] }), ctx).procedureCodes).toEqual([]);
    const filled = evaluateAssistant(set, answers([11, 62], { nick: 'Taro' }), ctx);
    expect(filled.procedureCodes).toEqual(['p_b']);
    expect(concierge(filled, 7)?.answered).toBe(true);
    expect(explanation(filled, 'procedure:p_b')).toEqual([
      { subject: 'procedure:p_b', shown: true, reason: 'candidate because you filled in "Your name"' },
    ]);
  });

  it('explain every contributing answer', () => {
    const result = evaluateFilter(set, answers([11, 41]), ctx);
    expect(explanation(result, 'procedure:p_a')[0]?.reason).toBe(
      'candidate because you answered "yes" to "Q1?" and you answered "k" to "Q4?"',
    );
  });

  it('are ordered by first appearance for a set alone, by procedure sequence in a configuration', () => {
    expect(evaluateFilter(set, answers([41]), ctx).procedureCodes).toEqual(['p_a', 'p_c']);
    const items = ['name', 'nick', 'birth'].map((c) => item(c));
    const config = configuration(
      set,
      [procedure(1, 'p_c', [], [], 0), procedure(2, 'p_b', [], [], 1), procedure(3, 'p_a', [], [], 2)],
      items,
    );
    expect(compileConfiguration(config).evaluateFilter(answers([11, 21, 41]), ctx).procedureCodes).toEqual([
      'p_c',
      'p_b',
      'p_a',
    ]);
  });
});

describe('explanations', () => {
  it('cover every sub category and concierge decision', () => {
    const result = compileConciergeSet(set).evaluateFilter(answers([11]), ctx);
    expect(result.explanations.slice(0, 3)).toEqual([
      { subject: 'sub_category:10', shown: true, reason: 'shown because it has no conditions' },
      { subject: 'concierge:1', shown: true, reason: 'shown because it is the first question of "Start"' },
      { subject: 'concierge:2', shown: true, reason: 'shown because you answered "yes" to "Q1?"' },
    ]);
    const subjects = result.explanations.map((e) => e.subject);
    for (const id of [1, 2, 3, 4, 5, 6]) expect(subjects).toContain(`concierge:${id}`);
    expect(subjects).toContain('sub_category:20');
  });
});
