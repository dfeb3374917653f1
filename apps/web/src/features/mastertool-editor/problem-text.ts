// A problem of the draft in the operator's words: where (by the names of what it is inside) and what.
import type { TFunction } from 'i18next';
import { stepTextsPlace } from './step-texts';
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

/** A place in the prefill rules, named as their rows and fields are (`事前入力ルール 4 › 入力元`). */
const PREFILL_PLACE =
  /^concierge_set\.concierge_rule\.form_rule\.prefill_rules\[(\d+)\](?:\.(target|source)|\.conditions(?:\[\d+\](?:\[\d+\](?:\.(source|symbol|expected))?)?)?)?$/;
const CONDITION_FIELDS = { source: 'item', symbol: 'symbol', expected: 'value' } as const;

function prefillPlace(t: TFunction, path: string): string | null {
  const match = PREFILL_PLACE.exec(path);
  if (!match) return null;
  const [, index = '0', field, conditionField] = match;
  const steps = [t('mastertool.prefill.ruleN', { n: Number(index) + 1 })];
  if (field === 'target' || field === 'source') steps.push(t(`mastertool.prefill.${field}`));
  else if (path.includes('.conditions')) {
    steps.push(t('mastertool.prefill.conditions.label'));
    const name = conditionField ? CONDITION_FIELDS[conditionField as keyof typeof CONDITION_FIELDS] : null;
    if (name) steps.push(t(`mastertool.prefill.conditions.${name}`));
  }
  return steps.join(' › ');
}

/** A place in the repeatable groups, named as their fields are (`繰り返しグループ 1 › 標準項目 2`). */
const REPEAT_PLACE =
  /^concierge_set\.concierge_rule\.form_rule\.repeatable_groups\[(\d+)\](?:\.(code|name|en\.name|min|max)|\.standard_item_codes(?:\[(\d+)\])?|\.min_rules(?:\[\d+\](?:\.(min)|\.conditions(?:\[\d+\](?:\[\d+\](?:\.(source|symbol|expected))?)?)?)?)?)?$/;

function repeatPlace(t: TFunction, path: string): string | null {
  const match = REPEAT_PLACE.exec(path);
  if (!match) return null;
  const [, index = '0', field, item, ruleMin, conditionField] = match;
  const steps = [t('mastertool.repeat.groupN', { n: Number(index) + 1 })];
  if (field === 'en.name') steps.push(t('mastertool.fields.english', { label: t('mastertool.repeat.name') }));
  else if (field) steps.push(t(`mastertool.repeat.${field as 'code' | 'name' | 'min' | 'max'}`));
  else if (path.includes('.standard_item_codes'))
    steps.push(
      item === undefined
        ? t('mastertool.repeat.items')
        : t('mastertool.repeat.itemN', { j: Number(item) + 1 }),
    );
  else if (path.includes('.min_rules')) {
    steps.push(t('mastertool.repeat.minRule.label'));
    const name = conditionField ? CONDITION_FIELDS[conditionField as keyof typeof CONDITION_FIELDS] : null;
    if (ruleMin) steps.push(t('mastertool.repeat.minRule.min'));
    else if (name) steps.push(t(`mastertool.prefill.conditions.${name}`));
  }
  return steps.join(' › ');
}

export function problemPlace(t: TFunction, config: unknown, path: string): string {
  if (path === '') return t('mastertool.issues.wholeGroup');
  const prefill = prefillPlace(t, path) ?? repeatPlace(t, path) ?? stepTextsPlace(t, path);
  if (prefill !== null) return prefill;
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
