import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { checkConfiguration } from '@portal/rules';

export interface ConfigurationProblem {
  /** Where, in the request's field form (`procedure_group.disclosure.procedures.0.name`). */
  field: string;
  message: string;
}

/** `a.b[0][1].c` (the rules engine's paths) as `a.b.0.1.c` (the field form of every error body). */
export const fieldPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/**
 * Everything that makes a configuration unusable beyond its shape (zod checks that): the broken
 * references `checkConfiguration` finds, plus what the normalized tables need — unique ids and codes,
 * attaches and reports naming procedures of the group, procedures naming its workflow templates, one
 * fragment per item and procedure, and a disclosure period that ends after it starts.
 */
export function configurationProblems(
  g: ProcedureGroupConfiguration,
  base = 'procedure_group',
): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const add = (path: string, message: string) =>
    problems.push({ field: fieldPath(`${base}.${path}`), message });
  const d = g.disclosure;

  if (d.procedure_group_id !== g.id)
    add('disclosure.procedure_group_id', `must be the procedure group's id ${g.id}`);
  if (d.end_date < d.start_date) add('disclosure.end_date', 'the disclosure ends before it starts');

  const unique = <T>(
    list: readonly T[],
    key: (t: T) => string | number,
    path: (i: number) => string,
    what: string,
  ) => {
    const seen = new Map<string | number, number>();
    list.forEach((entry, i) => {
      const k = key(entry);
      const first = seen.get(k);
      if (first !== undefined) add(path(i), `${what} ${k} is also used at ${path(first)}`);
      else seen.set(k, i);
    });
  };
  unique(
    g.standard_items,
    (i) => i.code,
    (i) => `standard_items[${i}].code`,
    'standard item',
  );
  unique(
    g.workflow_templates,
    (w) => w.id,
    (i) => `workflow_templates[${i}].id`,
    'workflow template id',
  );
  unique(
    d.procedures,
    (p) => p.id,
    (i) => `disclosure.procedures[${i}].id`,
    'procedure id',
  );
  unique(
    d.procedures,
    (p) => p.code,
    (i) => `disclosure.procedures[${i}].code`,
    'procedure code',
  );
  unique(
    d.procedure_attaches,
    (a) => a.id,
    (i) => `disclosure.procedure_attaches[${i}].id`,
    'attach id',
  );
  unique(
    g.reports,
    (r) => r.id,
    (i) => `reports[${i}].id`,
    'report id',
  );
  const fragments = d.procedures.flatMap((p, i) =>
    p.procedure_fragments.map((f, j) => ({
      f,
      path: `disclosure.procedures[${i}].procedure_fragments[${j}]`,
    })),
  );
  const fragmentPaths = new Map<number, string>();
  for (const { f, path } of fragments) {
    const first = fragmentPaths.get(f.id);
    if (first !== undefined) add(`${path}.id`, `fragment id ${f.id} is also used at ${first}`);
    else fragmentPaths.set(f.id, path);
  }
  d.procedures.forEach((p, i) =>
    unique(
      p.procedure_fragments,
      (f) => f.standard_item_code,
      (j) => `disclosure.procedures[${i}].procedure_fragments[${j}].standard_item_code`,
      `procedure "${p.code}" already has a fragment for item`,
    ),
  );

  const procedureIds = new Set(d.procedures.map((p) => p.id));
  const procedureCodes = new Set(d.procedures.map((p) => p.code));
  const templateIds = new Set(g.workflow_templates.map((w) => w.id));
  const items = new Set(g.standard_items.map((i) => i.code));
  d.procedures.forEach((p, i) => {
    if (p.workflow_template_id !== null && !templateIds.has(p.workflow_template_id))
      add(
        `disclosure.procedures[${i}].workflow_template_id`,
        `procedure "${p.code}" refers to unknown workflow template ${p.workflow_template_id}`,
      );
  });
  d.procedure_attaches.forEach((a, i) => {
    if (!procedureIds.has(a.procedure_id))
      add(
        `disclosure.procedure_attaches[${i}].procedure_id`,
        `attach "${a.name}" refers to unknown procedure ${a.procedure_id}`,
      );
  });
  g.reports.forEach((r, i) => {
    if (!procedureCodes.has(r.procedure_code))
      add(
        `reports[${i}].procedure_code`,
        `report "${r.name}" refers to unknown procedure "${r.procedure_code}"`,
      );
    r.standard_item_codes.forEach((code, j) => {
      if (!items.has(code))
        add(
          `reports[${i}].standard_item_codes[${j}]`,
          `report "${r.name}" refers to unknown standard item "${code}"`,
        );
    });
  });

  for (const issue of checkConfiguration(g)) add(issue.path, issue.message);
  return problems;
}
