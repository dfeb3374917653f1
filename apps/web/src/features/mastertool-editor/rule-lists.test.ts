// The rules lists' changes as the typed editors make them, the shapes they can show, and the options a
// prefill form may name.
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import {
  addCondition,
  addCopy,
  addHidden,
  addPrefillForm,
  fitsTyped,
  moveRow,
  optionChoices,
  removeCondition,
  removeRow,
  setCondition,
  setCopyConditions,
  type Conditions,
} from './rule-lists';

const c = (source: string, expected = 'x') => ({ source, symbol: 'equal' as const, expected });

describe('conditions', () => {
  it('adds a condition to a group ("and") or, past the last group, starts a group ("or")', () => {
    const one: Conditions = [[c('a')]];
    expect(addCondition(one, 0)).toEqual([[c('a'), c('', '')]]);
    expect(addCondition(one, 1)).toEqual([[c('a')], [c('', '')]]);
    expect(addCondition([], 0)).toEqual([[c('', '')]]);
    expect(one).toEqual([[c('a')]]);
  });

  it('removes a condition, and a group it leaves empty (the contract has no empty group)', () => {
    const ors: Conditions = [[c('a'), c('b')], [c('c')]];
    expect(removeCondition(ors, 0, 0)).toEqual([[c('b')], [c('c')]]);
    expect(removeCondition(ors, 1, 0)).toEqual([[c('a'), c('b')]]);
    expect(removeCondition([[c('a')]], 0, 0)).toEqual([]);
  });

  it('changes one field of one condition', () => {
    expect(setCondition([[c('a')], [c('b')]], 1, 0, { symbol: 'above', expected: '3' })).toEqual([
      [c('a')],
      [{ source: 'b', symbol: 'above', expected: '3' }],
    ]);
  });
});

describe('rows', () => {
  it('adds the rows the editors start from: a hidden rule with one condition to fill', () => {
    expect(addCopy([])).toEqual([{ source: '', target: '' }]);
    expect(addHidden([])).toEqual([{ target: '', conditions: [[c('', '')]] }]);
    expect(addPrefillForm([])).toEqual([{ source: '', target: '', expected: '' }]);
  });

  it('moves and removes rows, nothing past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(removeRow(['a', 'b'], 0)).toEqual(['b']);
  });

  it('drops a copy rule’s conditions when none is left', () => {
    const rule = { source: 'a', target: 'b', conditions: [[c('x')]] };
    expect(setCopyConditions(rule, [])).toEqual({ source: 'a', target: 'b' });
    expect('conditions' in setCopyConditions(rule, [])).toBe(false);
    expect(setCopyConditions({ source: 'a', target: 'b' }, [[c('y')]])).toEqual({
      source: 'a',
      target: 'b',
      conditions: [[c('y')]],
    });
  });
});

describe('fitsTyped', () => {
  const demo = demoProcedureGroup().concierge_set.concierge_rule;

  it('takes the demo lists and rows left empty', () => {
    expect(fitsTyped('copy', demo.form_rule.copy_forms)).toBe(true);
    expect(fitsTyped('hidden', demo.form_rule.hidden_rules)).toBe(true);
    expect(fitsTyped('hidden', demo.procedure_rule.hidden_rules)).toBe(true);
    expect(fitsTyped('prefillForm', demo.prefill_form_rule.prefill_forms)).toBe(true);
    expect(fitsTyped('hidden', addHidden([]))).toBe(true);
    expect(fitsTyped('hidden', [{ target: '', conditions: [] }])).toBe(true);
  });

  it('leaves to JSON what the form cannot show', () => {
    expect(fitsTyped('copy', {})).toBe(false);
    expect(fitsTyped('copy', [1])).toBe(false);
    expect(fitsTyped('copy', [{ source: 'a' }])).toBe(false);
    expect(fitsTyped('copy', [{ source: 'a', target: 'b', conditions: [c('x')] }])).toBe(false);
    expect(fitsTyped('hidden', [{ target: 'a' }])).toBe(false);
    expect(
      fitsTyped('hidden', [{ target: 'a', conditions: [[{ source: 'x', symbol: 'eq', expected: '' }]] }]),
    ).toBe(false);
    expect(fitsTyped('prefillForm', [{ source: 7, target: 'a', expected: '' }])).toBe(false);
  });
});

describe('optionChoices', () => {
  it('lists every option by its question, the ids as prefill forms write them', () => {
    const config = demoProcedureGroup();
    const ja = optionChoices(config, 'ja');
    const ids = new Set(
      config.concierge_set.concierge_rule.prefill_form_rule.prefill_forms.map((f) => f.source),
    );
    for (const id of ids) expect(ja.map((o) => o.id)).toContain(id);
    expect(ja).toContainEqual({ id: '9', question: expect.any(String) as string, label: '父' });
    expect(optionChoices(config, 'en')).toContainEqual(
      expect.objectContaining({ id: '9', label: 'Father' }) as unknown,
    );
    expect(new Set(ja.map((o) => o.id)).size).toBe(ja.length);
  });
});
