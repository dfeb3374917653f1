// A procedure group's own texts for residents (decision 0028): where the group words a text, residents see
// it (its English on an English page when there is one, else the Japanese marked lang="ja"); where it
// does not, the built-in default.
import type { ResidentStep, ResidentTexts } from '@portal/contracts';
import type { ReactNode } from 'react';
import type { Language } from '../i18n';
import { Localized, localized, type LocalizedText } from '../i18n/localized';
import { useLanguage } from '../i18n/useLanguage';

/** A place a group may word: the introduction of 申請の流れ, one of its steps, or the completion's next steps. */
export type ResidentTextPlace = 'steps_intro' | 'completion_next' | ResidentStep;

type Words = Omit<ResidentTexts, 'en'> | undefined;

function at(texts: Words, place: ResidentTextPlace): string | undefined {
  return place === 'steps_intro' || place === 'completion_next' ? texts?.[place] : texts?.steps?.[place];
}

/** The group's text of a place in the page's language, or null where the default is shown (none or blank). */
export function residentText(
  texts: ResidentTexts | undefined,
  place: ResidentTextPlace,
  language: Language,
): LocalizedText | null {
  const ja = at(texts, place);
  if (ja === undefined || ja.trim() === '') return null;
  return localized(ja, at(texts?.en, place), language);
}

/** The group's text of a place, or `fallback` (the built-in default, already translated). */
export function ResidentText({
  texts,
  place,
  fallback,
}: {
  texts: ResidentTexts | undefined;
  place: ResidentTextPlace;
  fallback: ReactNode;
}): ReactNode {
  const own = residentText(texts, place, useLanguage());
  return own ? <Localized text={own} /> : fallback;
}
