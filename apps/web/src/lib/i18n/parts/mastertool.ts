// The master tool's texts as a part its target adds (not in the applicant bundle).
import type { MessagePart } from '.';
import { mastertoolJa } from './mastertool.ja';
import { mastertoolCheckJa } from './mastertool-check.ja';
import { mastertoolCodesJa } from './mastertool-codes.ja';
import { mastertoolStepTextsJa } from './mastertool-step-texts.ja';

type Texts = typeof mastertoolJa &
  typeof mastertoolStepTextsJa &
  typeof mastertoolCheckJa &
  typeof mastertoolCodesJa;

/**
 * The resident-texts tab's own key, and its names added to the master tool's section and field names; the
 * check's part too (decision 0047), whose field names join the diff's.
 */
function withStepTexts(
  base: typeof mastertoolJa,
  part: typeof mastertoolStepTextsJa,
  check: typeof mastertoolCheckJa,
  codes: typeof mastertoolCodesJa,
): Texts {
  const { sections, fields } = part.mastertoolStepTexts.names;
  const m = base.mastertool;
  return {
    ...base,
    ...part,
    ...check,
    ...codes,
    mastertool: {
      ...m,
      sections: { ...m.sections, ...sections },
      fields: { ...check.mastertoolCheck.fields, ...m.fields, ...fields },
    },
  };
}

export const mastertoolMessages: MessagePart<Texts> = {
  ja: withStepTexts(mastertoolJa, mastertoolStepTextsJa, mastertoolCheckJa, mastertoolCodesJa),
  en: () =>
    Promise.all([
      import('./mastertool.en'),
      import('./mastertool-step-texts.en'),
      import('./mastertool-check.en'),
      import('./mastertool-codes.en'),
    ]).then(([m, s, c, k]) =>
      withStepTexts(m.mastertoolEn, s.mastertoolStepTextsEn, c.mastertoolCheckEn, k.mastertoolCodesEn),
    ),
};
