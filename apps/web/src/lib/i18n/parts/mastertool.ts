// The master tool's texts as a part its target adds (not in the applicant bundle).
import type { MessagePart } from '.';
import { mastertoolJa } from './mastertool.ja';
import { mastertoolStepTextsJa } from './mastertool-step-texts.ja';

type Texts = typeof mastertoolJa & typeof mastertoolStepTextsJa;

/** The resident-texts tab's own key, and its names added to the master tool's section and field names. */
function withStepTexts(base: typeof mastertoolJa, part: typeof mastertoolStepTextsJa): Texts {
  const { sections, fields } = part.mastertoolStepTexts.names;
  const m = base.mastertool;
  return {
    ...base,
    ...part,
    mastertool: { ...m, sections: { ...m.sections, ...sections }, fields: { ...m.fields, ...fields } },
  };
}

export const mastertoolMessages: MessagePart<Texts> = {
  ja: withStepTexts(mastertoolJa, mastertoolStepTextsJa),
  en: () =>
    Promise.all([import('./mastertool.en'), import('./mastertool-step-texts.en')]).then(([m, s]) =>
      withStepTexts(m.mastertoolEn, s.mastertoolStepTextsEn),
    ),
};
