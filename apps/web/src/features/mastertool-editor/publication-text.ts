// The pre-reflection check's problems (decision 0047) in the operator's words: the message with the
// name of what it is about, and where (the editor's place names, as the save problems have them).
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import type { PublicationProblem, RuleIssueCode } from '@portal/rules';
import type { TFunction } from 'i18next';
import { mastertoolCheckJa } from '../../lib/i18n/parts/mastertool-check.ja';
import { problemPlace } from './problem-text';

const OWN = mastertoolCheckJa.mastertoolCheck.messages;

/** Codes the check names by an item code: the item's name reads better. */
const BY_ITEM = new Set(['rule_item_not_asked', 'item_asked_twice', 'unknown_item']);

export function publicationMessage(
  t: TFunction,
  config: ProcedureGroupConfiguration,
  problem: PublicationProblem,
): string {
  let subject = problem.subject;
  if (BY_ITEM.has(problem.code)) {
    const item = config.standard_items.find((i) => i.code === subject);
    if (item) subject = item.name;
  }
  if (problem.code === 'step_text_route')
    subject = t(`mastertoolCheck.routes.${subject}`, { defaultValue: subject });
  if (problem.code in OWN)
    return t(`mastertoolCheck.messages.${problem.code as keyof typeof OWN}`, { subject });
  // The broken references `checkConfiguration` finds are worded as the save's problems are.
  return t(`mastertool.issues.${problem.code as RuleIssueCode}`, { value: subject, detail: problem.message });
}

export const publicationPlace = (t: TFunction, config: ProcedureGroupConfiguration, path: string) =>
  problemPlace(t, config, path);
