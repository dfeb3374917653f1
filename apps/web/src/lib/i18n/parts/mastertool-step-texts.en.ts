// Texts of the master tool's resident texts tab (decision 0028), in English (same keys as the Japanese).
import type { mastertoolStepTextsJa } from './mastertool-step-texts.ja';

export const mastertoolStepTextsEn: typeof mastertoolStepTextsJa = {
  mastertoolStepTexts: {
    tab: 'Texts for applicants',
    intro:
      "Reword the texts this procedure group's applicants see to fit its procedures. An empty field shows the standard text, given in light grey.",
    plain: 'Plain text only (no HTML). Line breaks are shown as typed.',
    stepsHeading: 'The steps page',
    stepsIntro: 'Introduction to the steps',
    stepsIntroHelp: 'Shown at the top of the steps page.',
    step: 'Explanation of "{{title}}"',
    completionHeading: 'Completion',
    completionNext: '"What happens next"',
    completionNextHelp:
      'Shown on the page after the application is sent. How to contact the counter always follows it.',
    municipality: 'the municipality',
    standard: 'The standard text is shown.',
    own: "This group's own text is shown.",
    count: '{{n}} / {{max}} characters',
    reset: 'Back to the standard text',
    resetLabel: 'Set {{label}} back to the standard text',
    notPlain: 'Tags such as <b> and control characters cannot be used. Write plain text only.',
    previewHeading: 'Texts on the steps and completion pages',
    englishAlone: 'English alone is not shown. Enter the Japanese text too.',
    // Names the reflection diff gives the group's texts (merged into mastertool.sections and .fields).
    names: {
      sections: { resident_texts: 'Texts for applicants' },
      fields: {
        resident_texts: 'Texts for applicants',
        steps_intro: 'Introduction to the steps',
        completion_next: '"What happens next"',
      },
    },
  },
};
