// The problem of an answer as the screens word it. The check itself is `itemProblem` of @portal/rules, the
// one the server runs (as `validateItem`) when the answers are saved; this only picks the message.
import type { StandardItem } from '@portal/contracts';
import { itemProblem, type Answer, type ItemProblem } from '@portal/rules';

/** A problem as a message key and its values (the form's `applicantForm.problem.*`). */
export interface Problem {
  key:
    | 'required'
    | 'kana'
    | 'number'
    | 'date'
    | 'time'
    | 'postalCode'
    | 'phone'
    | 'email'
    | 'choice'
    | 'control'
    | 'pattern'
    | 'minLength'
    | 'maxLength'
    | 'nameCharacters'
    | 'invalid';
  values?: { count?: number; characters?: string };
}

/** The message of a rules problem: one value given for a one-value item reads as "check the input". */
export function problemMessage(problem: ItemProblem): Problem {
  if (problem.key === 'minLength' || problem.key === 'maxLength')
    return { key: problem.key, values: { count: problem.count } };
  if (problem.key === 'oneValue') return { key: 'invalid' };
  if (problem.key === 'nameCharacters')
    return { key: problem.key, values: { characters: problem.characters.join(' ') } };
  return { key: problem.key };
}

/**
 * The problem of one answer (null when fine); `required` says whether a blank answer is one; `name`, for a
 * person's name, the characters of names on record it may also hold (FormValues' name_characters_on_record).
 */
export function checkAnswer(
  item: StandardItem,
  value: Answer,
  required: boolean,
  name?: ReadonlySet<string>,
): Problem | null {
  const problem = itemProblem(item, value, { required, name: name ? { registered: name } : undefined });
  return problem === null ? null : problemMessage(problem);
}
