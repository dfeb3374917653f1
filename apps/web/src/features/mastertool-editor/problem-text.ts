// A problem of the draft in the operator's words: where (by the names of what it is inside) and what.
import type { TFunction } from 'i18next';
import { describePath, parsePath, type DraftProblem } from './validation';

/** The value at a path of the configuration (undefined when it is not there). */
function at(config: unknown, segments: readonly (string | number)[]): unknown {
  let node = config;
  for (const s of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[s];
  }
  return node;
}

export function problemPlace(t: TFunction, config: unknown, path: string): string {
  if (path === '') return t('mastertool.issues.wholeGroup');
  const { chain, field: described } = describePath(config, path);
  // The value a `selected` view rule expects is an option id: name it as its input does.
  const owner = at(config, parsePath(path).slice(0, -1)) as { pattern?: unknown } | undefined;
  const field = described === 'expected' && owner?.pattern === 'selected' ? 'expectedOption' : described;
  const fieldLabel = (name: string) => t(`mastertool.fields.${name}`, { defaultValue: name });
  const steps = chain.map((s) => ('name' in s ? s.name : `${fieldLabel(s.field)} ${s.index + 1}`));
  const last = chain[chain.length - 1];
  // A list entry already names its field ("表示条件 1"); otherwise add the field ("… › 質問文").
  if (!last || 'name' in last || last.field !== field) steps.push(fieldLabel(field));
  return steps.join(' › ');
}

export function problemMessage(t: TFunction, problem: DraftProblem): string {
  switch (problem.code) {
    case 'invalid_value':
    case 'server':
      return t(`mastertool.issues.${problem.code}`, { detail: problem.detail });
    default:
      return t(`mastertool.issues.${problem.code}`, { value: problem.value ?? '', detail: problem.detail });
  }
}
