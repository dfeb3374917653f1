// Field-level remand (decision 0023): staff send back the items and attachment slots that need correcting,
// each with a note; the resident may change only those, and staff see what changed since.
import { z } from 'zod';
import { StandardItemFragmentValue } from './common.js';

/** Most fields one remand names. */
export const REMAND_FIELDS_MAX = 100;

/** One item (a child of a repeatable group by its sequence) or attachment slot to correct, with a note. */
export const RemandField = z.object({
  standard_item_code: z.string().min(1).max(100),
  sequence: z.number().int().min(1).max(99),
  note: z.string().trim().min(1).max(500),
});
export type RemandField = z.infer<typeof RemandField>;

/** The request's list: one entry per field, none twice. */
export const RemandFields = z
  .array(RemandField.extend({ sequence: RemandField.shape.sequence.default(1) }))
  .min(1)
  .max(REMAND_FIELDS_MAX)
  .refine(
    (fields) => new Set(fields.map((f) => `${f.standard_item_code}#${f.sequence}`)).size === fields.length,
    {
      message: 'a field is named twice',
    },
  );

const AnswerValue = StandardItemFragmentValue.shape.value;

/**
 * A remanded field as staff read it: an item's value when remanded and now, or an attachment slot's file
 * names then and now (`changed` compares the files' contents, not their names).
 */
export const RemandedField = RemandField.extend({
  kind: z.enum(['item', 'attachment']),
  before: AnswerValue,
  after: AnswerValue,
  changed: z.boolean(),
});
export type RemandedField = z.infer<typeof RemandedField>;
