// Checks a procedure-group draft in the browser before it is saved: the contract's shape (zod) and the
// rules package's reference check (`checkConfiguration`: unknown items, options, concierges, procedures,
// cycles, duplicate ids). Each problem carries a path into the configuration, so the editor can name the
// place in words and move focus to the field.
import { ProcedureGroupConfiguration } from '@portal/contracts';
import { checkConfiguration, type RuleIssueCode } from '@portal/rules';

export type ProblemCode = RuleIssueCode | 'invalid_value' | 'server';

export interface DraftProblem {
  /** Where: `concierge_set.filter_concierge_category.concierge_sub_category[1].concierges[0].question`. */
  path: string;
  code: ProblemCode;
  /** The value the message is about (an item code, an option id), when there is one. */
  value: string | null;
  /** The checker's own words (English), kept as detail. */
  detail: string;
}

/** `['a', 0, 'b', 2]` → `a[0].b[2]`. */
export function toPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}

/** `a[0].b` → `['a', 0, 'b']`. */
export function parsePath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else if (match[1] !== undefined) out.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
  }
  return out;
}

/** The value a checker message is about: the item code, option id, procedure code, concierge id. */
function valueOf(message: string): string | null {
  const match =
    /(?:unknown standard item|unknown option|unknown procedure|unknown claim|missing concierge|got|formula)\s+"?([^"\s]*)"?/.exec(
      message,
    );
  return match?.[1] ?? null;
}

/** Every problem of a draft; an empty list means it may be saved. */
export function validateDraft(config: unknown): DraftProblem[] {
  const parsed = ProcedureGroupConfiguration.safeParse(config);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      path: toPath(issue.path),
      code: 'invalid_value',
      value: null,
      detail: issue.message,
    }));
  }
  return checkConfiguration(parsed.data).map((issue) => ({
    path: issue.path,
    code: issue.code,
    value: issue.code === 'destination_cycle' ? null : valueOf(issue.message),
    detail: issue.message,
  }));
}

/** The server's field names (`procedure_group.disclosure.procedures.0.name`) as draft paths. */
export function serverProblems(
  problems: readonly { code: string; message: string; field?: string }[],
): DraftProblem[] {
  return problems.map((p) => {
    const field = (p.field ?? '').replace(/^procedure_group\.?/, '');
    return { path: toPath(parsePath(field)), code: 'server', value: null, detail: p.message };
  });
}

/** The id of the input that edits a path (inputs of the editor are named this way). */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The editor's tabs. */
export const EDITOR_TABS = [
  'basics',
  'items',
  'procedures',
  'attaches',
  'concierge',
  'rules',
  'workflows',
  'texts',
] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tab that shows a path. */
export function tabOf(path: string): EditorTab {
  if (path.startsWith('disclosure.procedures')) return 'procedures';
  if (path.startsWith('disclosure.procedure_attaches')) return 'attaches';
  if (path.startsWith('concierge_set.concierge_rule')) return 'rules';
  if (path.startsWith('concierge_set')) return 'concierge';
  if (path.startsWith('standard_items')) return 'items';
  if (path.startsWith('workflow_templates') || path.startsWith('reports')) return 'workflows';
  if (path.startsWith('resident_texts')) return 'texts';
  return 'basics';
}

/** The concierge a path is inside (`…concierges[0]`), for opening its panel; null when none. */
export function conciergePathOf(path: string): string | null {
  return /^(.*?\.concierges\[\d+\])/.exec(path)?.[1] ?? null;
}

interface Named {
  name?: unknown;
  value?: unknown;
  code?: unknown;
}

/** One step of a place: a named thing (a question, a procedure) or the n-th entry of a list field. */
export type PlaceStep = { name: string } | { field: string; index: number };

/**
 * The place of a path in words: the names of what it is inside (sub category, question, option,
 * procedure...) or "n-th entry of field", and the last field name (a key the editor translates), e.g.
 * `{ chain: [{name:'お住まいについて'}, {name:'住所地'}, {field:'view_rules', index:0}], field: 'expected' }`.
 */
export function describePath(config: unknown, path: string): { chain: PlaceStep[]; field: string } {
  const segments = parsePath(path);
  const chain: PlaceStep[] = [];
  let node: unknown = config;
  let field = '';
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string | number, unknown>)[segment];
    if (typeof segment === 'string') {
      field = segment;
      continue;
    }
    const named = node && typeof node === 'object' && !Array.isArray(node) ? (node as Named) : {};
    const label = [named.name, named.value, named.code].find((v) => typeof v === 'string' && v !== '');
    chain.push(typeof label === 'string' ? { name: label } : { field, index: segment });
  }
  return { chain, field };
}
