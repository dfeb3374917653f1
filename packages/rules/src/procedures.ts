import type { Procedure } from '@portal/contracts';
import { readItem, type Answers } from './answers.js';
import { compare } from './compare.js';
import { requirementText } from './explain.js';
import { hiddenState, type CompiledHiding } from './form-rules.js';

/**
 * Which candidate procedures the resident may choose (the procedures step). A candidate is allowed
 * unless `procedure_rule.hidden_rules` hides it (target = procedure code); when its `procedural_rules`
 * are non-empty it is allowed only when at least one inner list holds entirely (outer OR, inner AND).
 * An unanswered item makes its condition false; symbol '' means "answered".
 */
export interface ProcedureDecision {
  code: string;
  allowed: boolean;
  reason: string;
}

export interface CompiledProcedure {
  readonly procedure: Procedure;
  readonly hiding: CompiledHiding | undefined;
  /** One text per inner list: `applicant_pension_type = employee and child_custody = yes`. */
  readonly requirements: readonly string[];
}

export function compileProcedure(
  procedure: Procedure,
  hiding: CompiledHiding | undefined,
): CompiledProcedure {
  return {
    procedure,
    hiding,
    requirements: procedure.procedural_rules.map((list) =>
      list.map((c) => requirementText(c.standard_item_code, c.symbol, c.expected)).join(' and '),
    ),
  };
}

/** Decides one procedure with its reason. */
export function decideProcedure(p: CompiledProcedure, items: Answers['items']): ProcedureDecision {
  const code = p.procedure.code;
  if (p.hiding) {
    const hidden = hiddenState(p.hiding, items);
    if (hidden.hidden) return { code, allowed: false, reason: hidden.reason };
  }
  const rules = p.procedure.procedural_rules;
  if (rules.length === 0)
    return { code, allowed: true, reason: 'applicable because it has no procedural rules' };
  const holding = rules.findIndex((list) =>
    list.every((c) => compare(c.symbol, readItem(items, c.standard_item_code), c.expected)),
  );
  if (holding >= 0) return { code, allowed: true, reason: `applicable because ${p.requirements[holding]}` };
  return {
    code,
    allowed: false,
    reason: `not applicable: procedural rule needs ${p.requirements.join(', or ')}`,
  };
}
