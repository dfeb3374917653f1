import { z } from 'zod';

/** One English text of a configuration field; empty means "not translated" (the Japanese is shown). */
export const EnglishText = z.string().max(2000);

/**
 * The English of a configuration entity's resident-facing texts (decision 0009): an optional `en` object
 * beside the Japanese fields, holding the same field names. Every field is optional and may be empty;
 * lists (check messages, breadcrumbs) are parallel to the Japanese list, item by item.
 */
export function english<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).partial().optional();
}
