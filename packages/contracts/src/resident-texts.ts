import { z } from 'zod';
import { english } from './english.js';
import { RESIDENT_STEPS, type ResidentStep } from './resident-steps.js';

export { RESIDENT_STEPS, type ResidentStep } from './resident-steps.js';

/** Longest introduction or completion text, and longest step text (characters). */
export const RESIDENT_TEXT_MAX = 1000;
export const RESIDENT_STEP_TEXT_MAX = 400;

// A tag (`<b>`, `</p>`, `<!--`) or a control character other than tab and line breaks.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const notPlain = /<\/?[A-Za-z!?][^>]*>|[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A resident-facing text: plain text (no HTML), line breaks kept; empty means "the default". */
export const residentText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !notPlain.test(s), 'must be plain text: no HTML tags or control characters');

/** One text per step of 申請の流れ, each replacing that step's built-in explanation. */
const StepTexts = z
  .object(
    Object.fromEntries(RESIDENT_STEPS.map((s) => [s, residentText(RESIDENT_STEP_TEXT_MAX)])) as Record<
      ResidentStep,
      ReturnType<typeof residentText>
    >,
  )
  .partial();

const shape = {
  /** Replaces the introduction of 申請の流れ (the built-in one names the group and says input is kept). */
  steps_intro: residentText(RESIDENT_TEXT_MAX),
  /** Replace the built-in explanation of single steps. */
  steps: StepTexts,
  /** Replaces the list under 「このあとの流れ」 on the completion page. */
  completion_next: residentText(RESIDENT_TEXT_MAX),
};

const blank = (s: string | undefined) => s === undefined || s.trim() === '';

/**
 * A procedure group's own texts for residents (decision 0028). Every text is optional: absent or empty,
 * residents see the built-in default. English follows decision 0009 and needs its Japanese.
 */
export const ResidentTexts = z
  .object({ ...shape, steps: StepTexts.optional(), en: english(shape) })
  .partial()
  .superRefine((texts, ctx) => {
    const en = texts.en ?? {};
    const pairs: [string[], string | undefined, string | undefined][] = [
      [['steps_intro'], texts.steps_intro, en.steps_intro],
      [['completion_next'], texts.completion_next, en.completion_next],
      ...RESIDENT_STEPS.map(
        (s) =>
          [['steps', s], texts.steps?.[s], en.steps?.[s]] as [
            string[],
            string | undefined,
            string | undefined,
          ],
      ),
    ];
    for (const [path, ja, english] of pairs) {
      if (blank(ja) && !blank(english)) {
        ctx.addIssue({ code: 'custom', path: ['en', ...path], message: 'English needs its Japanese text' });
      }
    }
  });
export type ResidentTexts = z.infer<typeof ResidentTexts>;
