// The group's texts for residents in the editor (decision 0028): reading and writing one text of the
// draft (an emptied text is removed, and so is what it leaves empty, so a group without texts stays as
// it was), the built-in default each one replaces, and the problems of a text as it is typed.
import {
  RESIDENT_STEP_TEXT_MAX,
  RESIDENT_STEPS,
  RESIDENT_TEXT_MAX,
  residentText,
  type ResidentStep,
  type ResidentTexts,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { applicantFlowEn } from '../../lib/i18n/parts/applicant-flow.en';
import { applicantFlowJa } from '../../lib/i18n/parts/applicant-flow.ja';
import { applicantFormEn } from '../../lib/i18n/parts/applicant-form.en';
import { applicantFormJa } from '../../lib/i18n/parts/applicant-form.ja';
import { mastertoolStepTextsEn } from '../../lib/i18n/parts/mastertool-step-texts.en';
import { mastertoolStepTextsJa } from '../../lib/i18n/parts/mastertool-step-texts.ja';
import type { Config } from './editor-state';

/** A text a group may word, in the order the tab shows them. */
export type StepTextPlace = 'steps_intro' | ResidentStep | 'completion_next';
export const STEP_TEXT_PLACES: readonly StepTextPlace[] = [
  'steps_intro',
  ...RESIDENT_STEPS,
  'completion_next',
];
export type TextLanguage = 'ja' | 'en';

const isStep = (place: StepTextPlace): place is ResidentStep =>
  (RESIDENT_STEPS as readonly string[]).includes(place);

/** The longest a text of a place may be. */
export const maxLengthOf = (place: StepTextPlace) =>
  isStep(place) ? RESIDENT_STEP_TEXT_MAX : RESIDENT_TEXT_MAX;

/** The configuration path of a text, e.g. `resident_texts.en.steps.form`. */
export function stepTextPath(place: StepTextPlace, language: TextLanguage): string {
  const en = language === 'en' ? 'en.' : '';
  return `resident_texts.${en}${isStep(place) ? `steps.${place}` : place}`;
}

type Words = Omit<ResidentTexts, 'en'>;

const wordsOf = (config: Config, language: TextLanguage): Words | undefined =>
  language === 'en' ? config.resident_texts?.en : config.resident_texts;

/** A text of the draft; '' where the default is shown. */
export function stepText(config: Config, place: StepTextPlace, language: TextLanguage): string {
  const words = wordsOf(config, language);
  return (isStep(place) ? words?.steps?.[place] : words?.[place]) ?? '';
}

/** Sets one text of the draft in place; '' removes it (the default is shown again). */
export function setStepText(config: Config, place: StepTextPlace, language: TextLanguage, value: string) {
  const texts: ResidentTexts = structuredClone(config.resident_texts ?? {});
  // The Japanese are the object's own fields; the English its `en`.
  const words: Words = (language === 'en' ? texts.en : texts) ?? {};
  if (isStep(place)) {
    const steps = { ...words.steps };
    if (value === '') delete steps[place];
    else steps[place] = value;
    if (Object.keys(steps).length > 0) words.steps = steps;
    else delete words.steps;
  } else if (value === '') delete words[place];
  else words[place] = value;
  if (language === 'en') {
    if (Object.keys(words).length > 0) texts.en = words;
    else delete texts.en;
  }
  if (Object.keys(texts).length > 0) config.resident_texts = texts;
  else delete config.resident_texts;
}

/** The built-in text a place shows when the group words none, in one language (the placeholder). */
export function defaultStepText(config: Config, place: StepTextPlace, language: TextLanguage): string {
  const flow = (language === 'en' ? applicantFlowEn : applicantFlowJa).applicantFlow.steps;
  const complete = (language === 'en' ? applicantFormEn : applicantFormJa).applicantForm.complete;
  const words = (language === 'en' ? mastertoolStepTextsEn : mastertoolStepTextsJa).mastertoolStepTexts;
  const group = language === 'en' && config.en?.name ? config.en.name : config.name;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
  if (place === 'steps_intro') return fill(flow.intro, { group });
  if (place === 'completion_next') {
    return [complete.next1, complete.next2, complete.next3]
      .map((line) => fill(line, { municipality: words.municipality }))
      .join('\n');
  }
  return flow.step[place].body;
}

/** What is wrong with a text as typed (HTML, control characters, English without Japanese), or null. */
export function stepTextProblem(
  t: TFunction,
  config: Config,
  place: StepTextPlace,
  language: TextLanguage,
): string | null {
  const value = stepText(config, place, language);
  if (!residentText(maxLengthOf(place)).safeParse(value).success) return t('mastertoolStepTexts.notPlain');
  if (language === 'en' && value.trim() !== '' && stepText(config, place, 'ja').trim() === '') {
    return t('mastertoolStepTexts.englishAlone');
  }
  return null;
}

/** A problem's place in the tab's words (`申請者への案内文 › 「本人確認」の説明（英語）`), or null elsewhere. */
export function stepTextsPlace(t: TFunction, path: string): string | null {
  for (const place of STEP_TEXT_PLACES) {
    for (const language of ['ja', 'en'] as const) {
      if (stepTextPath(place, language) !== path) continue;
      const label = stepTextLabel(t, place);
      const field = language === 'en' ? t('mastertool.fields.english', { label }) : label;
      return `${t('mastertoolStepTexts.tab')} › ${field}`;
    }
  }
  return null;
}

/** The label of a place's field. */
export function stepTextLabel(t: TFunction, place: StepTextPlace): string {
  if (place === 'steps_intro') return t('mastertoolStepTexts.stepsIntro');
  if (place === 'completion_next') return t('mastertoolStepTexts.completionNext');
  return t('mastertoolStepTexts.step', { title: t(`applicantFlow.steps.step.${place}.title`) });
}
