/** Kinds of broken references {@link checkConfiguration} reports. */
export type RuleIssueCode =
  | 'unknown_item'
  | 'unknown_claim'
  | 'unknown_option'
  | 'unknown_concierge'
  | 'unknown_procedure'
  | 'invalid_expression'
  | 'invalid_pattern'
  | 'multiple_first'
  | 'destination_cycle'
  | 'duplicate_id';

/** One problem of a configuration: where it is (a path into the configuration) and what is wrong. */
export interface RuleIssue {
  code: RuleIssueCode;
  /** e.g. `concierge_set.assistant_concierge_category[0].concierge_sub_category[2].view_rules[0]`. */
  path: string;
  message: string;
}

/**
 * The configuration refers to something that does not exist (or is otherwise unusable): it cannot be
 * evaluated. Thrown by the compile functions and by every evaluation function given such a configuration.
 */
export class RuleConfigurationError extends Error {
  override readonly name = 'RuleConfigurationError';
  constructor(readonly issues: readonly RuleIssue[]) {
    const shown = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`);
    const more = issues.length > shown.length ? `; and ${issues.length - shown.length} more` : '';
    super(
      `the rule configuration has ${issues.length} broken reference${issues.length === 1 ? '' : 's'}: ` +
        `${shown.join('; ')}${more}`,
    );
  }
}

/**
 * - `unknown_option`: a chosen option id is not an option of the evaluated concierges;
 * - `multiple_choice`: two or more options of one single-choice (QT) concierge were chosen;
 * - `unknown_concierge`: a concierge id (e.g. for copying) is not in the configuration;
 * - `unknown_procedure`: a procedure code is not a procedure of the group.
 */
export type AnswerErrorCode =
  'unknown_option' | 'multiple_choice' | 'unknown_concierge' | 'unknown_procedure';

/** The answers (not the configuration) are wrong: the caller should reject the request (HTTP 400). */
export class AnswerError extends Error {
  override readonly name = 'AnswerError';
  constructor(
    readonly code: AnswerErrorCode,
    /** The offending option or concierge ids (empty for `unknown_procedure`). */
    readonly ids: readonly number[],
    /** The offending procedure codes (for `unknown_procedure`). */
    readonly codes: readonly string[] = [],
    message?: string,
  ) {
    super(message ?? `${code.replace('_', ' ')}: ${[...ids, ...codes].join(', ')}`);
  }
}
