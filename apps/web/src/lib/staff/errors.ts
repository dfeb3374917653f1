// How a refused act reads on a staff screen: the app's error vocabulary, with the staff area's own words
// for a refusal by role (403) and for a document that moved on (409). The server's message is not shown.
import type { TFunction } from 'i18next';
import { errorText as vocabularyText, type ErrorTextContext } from '../api';

/** `context`: a screen's own words for some codes (e.g. the accounts' conflicts). */
export function errorText(t: TFunction, error: unknown, context: ErrorTextContext = {}): string {
  return vocabularyText(error, t, {
    forbidden: t('staff.common.forbidden'),
    conflict: t('staff.common.conflict'),
    illegal_transition: t('staff.common.conflict'),
    ...context,
  });
}
