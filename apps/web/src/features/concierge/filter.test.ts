import { describe, expect, it } from 'vitest';
import { sampleFilter } from '../../testing/fixtures';
import { choose, decodeAnswers, encodeAnswers, filterResultQuery, filterView, postedAnswers } from './filter';

const category = sampleFilter.category;
const today = '2026-04-01';
const concierge = (id: number) => {
  for (const sub of category.concierge_sub_category) {
    const found = sub.concierges.find((c) => c.id === id);
    if (found) return found;
  }
  throw new Error(`no concierge ${id}`);
};
const questionIds = (answers: number[]) =>
  filterView(category, answers, today).sections.flatMap((s) => s.questions.map((q) => q.concierge.id));

describe('filterView (the demo filter of 出生・子育て)', () => {
  it('starts with the first question of the first section only', () => {
    const view = filterView(category, [], today);
    expect(view.sections.map((s) => s.name)).toEqual(['出生について']);
    expect(questionIds([])).toEqual([1]);
    expect(view).toMatchObject({ answered: 0, total: 1, complete: false, scopedOut: false });
  });

  it('shows the next questions and sections as the resident answers', () => {
    expect(questionIds([1])).toEqual([1, 2, 3]);
    expect(questionIds([1, 3, 5])).toEqual([1, 2, 3, 4]);
    const view = filterView(category, [1, 3, 5, 8], today);
    expect(view).toMatchObject({ answered: 4, total: 4, complete: true, scopedOut: false });
    expect(view.evaluation.procedureCodes).toEqual([
      'birth_notification',
      'child_allowance',
      'child_medical_subsidy',
    ]);
  });

  it('drops the answers of questions that an earlier answer hides', () => {
    const view = filterView(category, [2, 3, 5, 8], today);
    expect(view.answers).toEqual([2]);
    expect(view.sections.flatMap((s) => s.questions.map((q) => q.selected))).toEqual([2]);
  });

  it('is scoped out, with the message, by an answer that leaves the online route', () => {
    const view = filterView(category, [1, 4], today);
    expect(view.scopedOut).toBe(true);
    expect(view.scopedOutMessages).toHaveLength(1);
    expect(view.scopedOutMessages[0]).toContain('日本国外で生まれたお子さん');
  });

  it('agrees with the server on the candidates (the civil-servant answer is decided later, by procedural rules)', () => {
    // POST concierge-filter/concierge-values/ with [1, 3, 5, 7] answers the same three procedures.
    expect(filterView(category, [1, 3, 5, 7], today).evaluation.procedureCodes).toEqual([
      'birth_notification',
      'child_allowance',
      'child_medical_subsidy',
    ]);
  });
});

describe('choose', () => {
  it('replaces the earlier choice of the same question and keeps the others', () => {
    expect(choose([1, 3], concierge(2), 4)).toEqual([1, 4]);
    expect(choose([1], concierge(2), 3)).toEqual([1, 3]);
  });
});

describe('answers in the address', () => {
  it('round-trip and ignore junk', () => {
    expect(encodeAnswers([1, 3, 5, 30])).toBe('1-3-5-30');
    expect(decodeAnswers('1-3-5-30')).toEqual([1, 3, 5, 30]);
    expect(decodeAnswers(7)).toEqual([7]); // the router reads `answers=7` as a number
    expect(decodeAnswers('')).toEqual([]);
    expect(decodeAnswers(undefined)).toEqual([]);
    expect(decodeAnswers('1-x-0-2')).toEqual([1, 2]);
  });
});

describe('postedAnswers (a plain form of the filter, decision 0061)', () => {
  it('takes the choice of each question shown, as the page keeps them', () => {
    expect(postedAnswers(category, { 'concierge-1': '1' }, today)).toEqual([1]);
    expect(
      postedAnswers(
        category,
        { 'concierge-1': '1', 'concierge-2': '3', 'concierge-3': '5', csrf_token: 'x' },
        today,
      ),
    ).toEqual([1, 3, 5]);
  });

  it("counts neither another question's option, nor an unknown one, nor a hidden question's choice", () => {
    expect(postedAnswers(category, { 'concierge-1': '3' }, today)).toEqual([]);
    expect(postedAnswers(category, { 'concierge-1': '999', 'concierge-2': 'x' }, today)).toEqual([]);
    // Not born: the questions after it are hidden, their choices dropped.
    expect(postedAnswers(category, { 'concierge-1': '2', 'concierge-2': '3' }, today)).toEqual([2]);
  });
});

describe('filterResultQuery', () => {
  it('is one cache entry per group and set of answers, whatever their order', () => {
    expect(filterResultQuery('999999', 1, [5, 1, 3]).queryKey).toEqual(
      filterResultQuery('999999', 1, [1, 3, 5]).queryKey,
    );
    expect(filterResultQuery('999999', 2, [1]).queryKey).not.toEqual(
      filterResultQuery('999999', 1, [1]).queryKey,
    );
  });
});
