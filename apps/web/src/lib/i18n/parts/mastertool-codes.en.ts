// Texts of codes proposed from a name, item checks picked from named formats and the typed tabs' expert
// JSON (decision 0055), in English.
import type { mastertoolCodesJa } from './mastertool-codes.ja';

export const mastertoolCodesEn: typeof mastertoolCodesJa = {
  mastertoolCodes: {
    proposed: 'Made from the name: it changes when the name changes. You can also change it directly.',
    takenFree: 'This code is already in use. The code "{{free}}" is free.',
    takenItem: 'The item "{{name}}" of this procedure group has this code. The code "{{free}}" is free.',
    libraryItem:
      'The library item "{{name}}" has this code. Saving shares this definition as that item. For a different item, use "{{free}}".',
    invalid:
      'Start with a lowercase letter and use only lowercase letters, digits and _, 2 to 64 characters.',
    useFree: 'Use "{{code}}"',
    format: {
      label: 'Input format',
      help: 'What the resident enters is checked against this format.',
      names: {
        none: 'No format',
        postal_code: 'Postal code (7 digits)',
        phone: 'Phone number (10 or 11 digits starting with 0)',
        katakana: 'Katakana',
        hiragana: 'Hiragana',
        alphanumeric: 'Half-width letters and digits',
        length: 'Length only',
        custom: 'Regular expression (expert)',
      },
      stored: 'Stored regular expression: {{pattern}}',
      pattern: 'Regular expression',
      patternHelp: 'The whole value must match (no ^ or $ needed). Example: [0-9]{3,4}',
      patternInvalid: 'This regular expression cannot be used. Check its brackets and symbols.',
    },
    expert: {
      heading: 'Edit as JSON (expert)',
      intro: 'The same content as the form, as JSON. It is checked as you type, by the same rules as saving.',
    },
  },
};
