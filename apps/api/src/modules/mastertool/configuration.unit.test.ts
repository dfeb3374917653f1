import { describe, expect, it } from 'vitest';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { checkConfiguration } from '@portal/rules';
import { demoData } from '@portal/demo';
import { configurationProblems, fieldPath } from './configuration-check.js';
import { canonicalJson, diffConfiguration, sameConfiguration } from './configuration-diff.js';
import { collectIds, renumber } from './configuration-ids.js';

const demo = demoData.municipalities[0]!.procedure_groups[0]!;
const copy = () => structuredClone(demo) as ProcedureGroupConfiguration;

describe('configuration comparison', () => {
  it('treats configurations with reordered keys as equal', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [{ y: 1, x: 2 }] } })).toBe(
      '{"a":{"c":[{"x":2,"y":1}],"d":2},"b":1}',
    );
    expect(sameConfiguration({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameConfiguration(demo, JSON.parse(JSON.stringify(demo)))).toBe(true);
  });

  it('names changes by path, list entries by id or code', () => {
    const after = copy();
    after.disclosure.procedures[1]!.name = '児童手当（改）';
    after.disclosure.procedures.pop();
    after.standard_items[0]!.required = !after.standard_items[0]!.required;
    after.concierge_set.filter_concierge_category.concierge_sub_category[0]!.breadcrumbs.push('追加');
    const changes = diffConfiguration(demo, after);
    const removed = demo.disclosure.procedures.at(-1)!;
    expect(changes).toEqual(
      expect.arrayContaining([
        {
          path: `disclosure.procedures[id=${demo.disclosure.procedures[1]!.id}].name`,
          change: 'changed',
          before: demo.disclosure.procedures[1]!.name,
          after: '児童手当（改）',
        },
        expect.objectContaining({ path: `disclosure.procedures[id=${removed.id}]`, change: 'removed' }),
        expect.objectContaining({ path: `standard_items[code=${demo.standard_items[0]!.code}].required` }),
        expect.objectContaining({
          path: 'concierge_set.filter_concierge_category.concierge_sub_category[id=1].breadcrumbs',
          change: 'changed',
        }),
      ]),
    );
    expect(changes).toHaveLength(4);
    expect(diffConfiguration(demo, copy())).toEqual([]);
  });

  it('reports a reordering of the same entries', () => {
    const after = copy();
    after.disclosure.procedures.reverse();
    const ids = demo.disclosure.procedures.map((p) => `id=${p.id}`);
    expect(diffConfiguration(demo, after)).toEqual([
      { path: 'disclosure.procedures', change: 'changed', before: ids, after: [...ids].reverse() },
    ]);
  });

  it('shows everything as added against an environment without a version', () => {
    const changes = diffConfiguration({}, demo);
    expect(changes.map((c) => c.change)).toEqual(Object.keys(demo).map(() => 'added'));
  });
});

describe('configuration ids', () => {
  it('renumbers ids and rewrites every reference to them', () => {
    const ids = collectIds(demo);
    const shift = (list: number[]) => new Map(list.map((id) => [id, id + 1000]));
    const moved = renumber(demo, {
      group: shift(ids.group),
      procedure: shift(ids.procedure),
      workflow_template: shift(ids.workflow_template),
      concierge: shift(ids.concierge),
      option: shift(ids.option),
    });
    expect(moved.id).toBe(demo.id + 1000);
    expect(moved.disclosure.procedure_group_id).toBe(demo.id + 1000);
    expect(checkConfiguration(moved)).toEqual([]);
    expect(configurationProblems(moved)).toEqual([]);
    expect(moved.disclosure.procedure_attaches.map((a) => a.procedure_id)).toEqual(
      demo.disclosure.procedure_attaches.map((a) => a.procedure_id + 1000),
    );
    const rule = moved.concierge_set.filter_concierge_category.concierge_sub_category[1]!.view_rules[0]!;
    expect(Number(rule.expected)).toBe(
      Number(
        demo.concierge_set.filter_concierge_category.concierge_sub_category[1]!.view_rules[0]!.expected,
      ) + 1000,
    );
    expect(moved.concierge_set.concierge_rule.prefill_form_rule.prefill_forms[0]!.source).toBe(
      String(Number(demo.concierge_set.concierge_rule.prefill_form_rule.prefill_forms[0]!.source) + 1000),
    );
    // The input is left as it was.
    expect(sameConfiguration(demo, demoData.municipalities[0]!.procedure_groups[0])).toBe(true);
  });
});

describe('configuration problems', () => {
  it('finds none in the demo groups', () => {
    for (const m of demoData.municipalities)
      for (const g of m.procedure_groups) expect(configurationProblems(g)).toEqual([]);
  });

  it('names table-level problems by field: ids, codes, workflow templates, reports, dates', () => {
    const g = copy();
    g.disclosure.procedure_group_id = 77;
    g.disclosure.end_date = '2000-01-01';
    g.disclosure.procedures[0]!.workflow_template_id = 99;
    g.reports[0]!.procedure_code = 'nope';
    g.disclosure.procedures[1]!.id = g.disclosure.procedures[0]!.id;
    expect(configurationProblems(g).map((p) => p.field)).toEqual(
      expect.arrayContaining([
        'procedure_group.disclosure.procedure_group_id',
        'procedure_group.disclosure.end_date',
        'procedure_group.disclosure.procedures.0.workflow_template_id',
        'procedure_group.reports.0.procedure_code',
        'procedure_group.disclosure.procedures.1.id',
      ]),
    );
    expect(fieldPath('a.b[0][12].c')).toBe('a.b.0.12.c');
  });
});
