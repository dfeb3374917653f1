import { z } from 'zod';
import { EnglishText, english } from './english.js';

/** How a standard item is entered and checked. */
export const StandardItemType = z.enum([
  'text',
  'textarea',
  'kana',
  'number',
  'date',
  'time',
  'select',
  'radio',
  'checkbox',
  'postal_code',
  'phone',
  'email',
]);
export type StandardItemType = z.infer<typeof StandardItemType>;

export const StandardItemChoice = z.object({
  value: z.string().min(1),
  label: z.string().min(1),
  en: english({ label: EnglishText }),
});

/** A form field definition, identified by its standard item code (government interoperability names). */
export const StandardItem = z.object({
  code: z.string().regex(/^[a-z][a-z0-9_]{1,99}$/),
  /** Label in Japanese, e.g. 氏（カナ）. */
  name: z.string().min(1).max(200),
  type: StandardItemType,
  required: z.boolean(),
  min_length: z.number().int().min(0).nullable(),
  max_length: z.number().int().min(1).nullable(),
  /** ECMAScript pattern the whole value must match (anchors implied). */
  pattern: z.string().nullable(),
  /** For select, radio and checkbox items. */
  choices: z.array(StandardItemChoice),
  /** For kana items: the code of the item this is the reading of. */
  reading_of: z.string().nullable(),
  /** Unit shown after the field, e.g. g or cm. */
  suffix: z.string().nullable(),
  remarks: z.string().nullable(),
  /** English of the label, unit and hint (decision 0009). */
  en: english({ name: EnglishText, suffix: EnglishText, remarks: EnglishText }),
});
export type StandardItem = z.infer<typeof StandardItem>;
