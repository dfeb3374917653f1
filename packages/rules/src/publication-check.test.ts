import type { Concierge, ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';
import { demoProcedureGroup, demoProcedureGroups } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { publicationCheck, publicationErrors } from './publication-check.js';
import { procedureRoutes } from './targeting.js';

const codes = (g: ProcedureGroupConfiguration) =>
  publicationCheck(g).map((p) => [p.severity, p.code, p.path]);

const questions = (g: ProcedureGroupConfiguration): Concierge[] =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );

const item = (code: string, required = true): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
});

/** A question of its own section (free-standing, so it can be reached unless a view rule says no). */
const question = (id: number, optionIds: number[], procedures: string[] = []): Concierge => ({
  id,
  type: 'QT',
  name: `q${id}`,
  question: `question ${id}?`,
  standard_item_code: [],
  sequence: 0,
  view_rules: [],
  is_first: true,
  suffix: null,
  remarks: null,
  copyable_label: null,
  copyable_standard_item_codes: [],
  is_horizontal: false,
  requires_name_validation: [],
  concierge_procedure_codes: procedures.map((code, i) => ({ id: id * 100 + i, procedure_code: code })),
  concierge_options: optionIds.map((o, i) => ({
    id: o,
    value: `option ${o}`,
    sequence: i,
    concierge_destination: null,
  })),
});

describe('the pre-reflection check', () => {
  it('passes the demo data', () => {
    for (const g of demoProcedureGroups()) expect(codes(g)).toEqual([]);
  });

  it('finds a procedure no answer reaches, and the answers that lead to each', () => {
    const g = demoProcedureGroup();
    const target = g.disclosure.procedures[0]!;
    const routes = procedureRoutes(g).get(target.code)!;
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.every((r) => r.reachable && r.question !== '')).toBe(true);
    for (const q of questions(g))
      q.concierge_procedure_codes = q.concierge_procedure_codes.filter(
        (p) => p.procedure_code !== target.code,
      );
    expect(codes(g)).toEqual([['error', 'procedure_unreachable', 'disclosure.procedures[0].name']]);
    expect(procedureRoutes(g).get(target.code)).toEqual([]);
  });

  it('finds a procedure whose every answer ends the online route', () => {
    const g = demoProcedureGroup();
    const code = g.disclosure.procedures[0]!.code;
    for (const q of questions(g))
      if (q.concierge_procedure_codes.some((p) => p.procedure_code === code)) {
        q.concierge_procedure_codes = q.concierge_procedure_codes.filter((p) => p.procedure_code === code);
        for (const o of q.concierge_options)
          o.concierge_destination = {
            id: o.id,
            concierge_id: null,
            is_scopedout: true,
            scopedout_message: 'out',
          };
      }
    expect(publicationErrors(g).map((p) => p.code)).toContain('procedure_unreachable');
  });

  it('finds an empty assistant page', () => {
    const g = demoProcedureGroup();
    const category = g.concierge_set.assistant_concierge_category[0]!;
    category.concierge_sub_category.push({
      ...category.concierge_sub_category[0]!,
      id: 9001,
      concierges: [],
    });
    const at = category.concierge_sub_category.length - 1;
    expect(codes(g)).toEqual([
      [
        'error',
        'page_without_question',
        `concierge_set.assistant_concierge_category[0].concierge_sub_category[${at}].name`,
      ],
    ]);
  });

  it('finds a required item never asked, and lets an optional one be', () => {
    const g = demoProcedureGroup();
    g.standard_items.push(item('never_asked'), item('optional_unused', false));
    expect(codes(g)).toEqual([
      ['error', 'item_not_asked', `standard_items[${g.standard_items.length - 2}].name`],
    ]);
  });

  it('finds rules naming an item no page asks, and a deleted item', () => {
    const g = demoProcedureGroup();
    g.standard_items.push(item('left_behind', false));
    const form = g.concierge_set.concierge_rule.form_rule;
    form.hidden_rules.push({
      target: 'left_behind',
      conditions: [[{ source: 'gone', symbol: 'equal', expected: 'x' }]],
    });
    const at = form.hidden_rules.length - 1;
    const found = codes(g);
    expect(found).toContainEqual([
      'error',
      'rule_item_not_asked',
      `concierge_set.concierge_rule.form_rule.hidden_rules[${at}].target`,
    ]);
    expect(found).toContainEqual([
      'error',
      'unknown_item',
      `concierge_set.concierge_rule.form_rule.hidden_rules[${at}].conditions[0][0].source`,
    ]);
  });

  it('finds an attachment slot of no procedure', () => {
    const g = demoProcedureGroup();
    g.disclosure.procedure_attaches[0]!.procedure_id = 99_999;
    expect(codes(g)).toEqual([
      ['error', 'attach_without_procedure', 'disclosure.procedure_attaches[0].procedure_id'],
    ]);
  });

  it('finds a step text promising a signature or a route the group does not have', () => {
    const g = demoProcedureGroup();
    for (const p of g.disclosure.procedures) p.is_signature_digital_certificate = false;
    g.disclosure.procedure_attaches = g.disclosure.procedure_attaches.filter((a) => a.type !== 'SG');
    g.disclosure.use_mynaportal = false;
    g.resident_texts = {
      steps: {
        signature: 'マイナンバーカードで電子署名をして送信します。',
        identification: 'マイナポータルから情報を取り込みます。',
        form: '署名は必要ありません。',
      },
      en: { steps: { signature: 'You sign with a drawn signature.' } },
    };
    expect(codes(g)).toEqual([
      ['error', 'step_text_route', 'resident_texts.steps.signature'],
      ['error', 'step_text_route', 'resident_texts.steps.identification'],
      ['error', 'step_text_route', 'resident_texts.en.steps.signature'],
    ]);
    expect(publicationCheck(g).map((p) => p.subject)).toEqual(['digital', 'mynaportal', 'handwritten']);
    // A text that says no signature is needed promises nothing.
    g.resident_texts = { steps: { signature: 'この申請に署名は必要ありません。内容を確かめて送信します。' } };
    expect(codes(g)).toEqual([]);
  });

  it('warns of an item two questions ask and of options no answers reach, without blocking', () => {
    const g = demoProcedureGroup();
    const fo = questions(g).find((q) => q.type === 'FO' && q.standard_item_code.length > 0)!;
    const sub = g.concierge_set.assistant_concierge_category[0]!.concierge_sub_category[0]!;
    const twice = {
      ...question(9101, []),
      type: 'FO' as const,
      standard_item_code: [fo.standard_item_code[0]!],
    };
    // Two questions each shown only after the other's answer: neither is ever shown.
    const a = { ...question(9102, [9201]), view_rules: [sel(9202)] };
    const b = { ...question(9103, [9202]), view_rules: [sel(9201)] };
    g.concierge_set.assistant_concierge_category[0]!.concierge_sub_category.push(
      { ...sub, id: 9301, concierges: [twice] },
      { ...sub, id: 9302, concierges: [a] },
      { ...sub, id: 9303, concierges: [b] },
    );
    const found = publicationCheck(g);
    expect(found.map((p) => [p.severity, p.code, p.subject])).toEqual([
      ['warning', 'item_asked_twice', fo.standard_item_code[0]],
      ['warning', 'option_unreachable', 'option 9201'],
      ['warning', 'option_unreachable', 'option 9202'],
    ]);
    expect(publicationErrors(g)).toEqual([]);
  });
});

const sel = (id: number) => ({
  pattern: 'selected' as const,
  expected: String(id),
  expression: '',
  symbol: '' as const,
});
