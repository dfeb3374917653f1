import { z } from 'zod';

/** Six-digit local government code (全国地方公共団体コード), e.g. 999999 for デモ市. */
export const MunicipalityCode = z.string().regex(/^\d{6}$/, 'municipality code must be 6 digits');
export type MunicipalityCode = z.infer<typeof MunicipalityCode>;

/** Configuration records (procedures, options, ...) use small integer ids that rules can reference. */
export const ConfigId = z.number().int().positive();
/** Path parameters arrive as text; configuration ids are coerced. */
export const ConfigIdParam = z.coerce.number().int().positive();

/** Records created by residents and staff (applications, documents, jobs, ...) use UUIDs: never guessable. */
export const RecordId = z.uuid();

/**
 * Calendar date on the wire, ISO 8601 (YYYY-MM-DD); screens show it as 2099/12/31. Year 0000 is valid ISO
 * but no PostgreSQL date: refused here, where every date enters.
 */
export const IsoDate = z.iso.date().refine((d) => !d.startsWith('0000'), 'there is no year 0000');
/** Instant on the wire, ISO 8601 with offset. */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const Flag = z.boolean();

/** Query flags arrive as text: only 'true' and 'false' are accepted. */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Paging for lists; `all` returns every row (staff tables offer 10/25/50/100/all). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.union([z.literal('all'), z.coerce.number().int().min(1).max(100)]).default(10),
});

export const Page = z.object({
  page: z.number().int(),
  page_size: z.union([z.literal('all'), z.number().int()]),
  total: z.number().int(),
});

export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

/** One answer of a standard item; `sequence` numbers repeated groups (1 = first child, 2 = second...). */
export const StandardItemFragmentValue = z.object({
  standard_item_code: z.string().min(1).max(100),
  sequence: z.number().int().min(1).max(99).default(1),
  value: z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(100), z.null()]),
});
export type StandardItemFragmentValue = z.infer<typeof StandardItemFragmentValue>;

/** U+0000 and unpaired UTF-16 surrogates: no database column can hold them, and no resident types them. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what it looks for
const unsafeText = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (`login_id`, `standard_item_fragments.0.value`) of the first text in a request part that holds
 * U+0000 or a lone surrogate, or null. Checked on every request before its schema (issue 13), so each
 * contract refuses them by construction.
 */
export function unsafeTextPath(value: unknown): string | null {
  // A stack, not recursion: a body nested 100,000 deep must be refused, not overflow the call stack.
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
  }
  const pathOf = (step: Step) => {
    const keys: (string | number)[] = [];
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || 'value';
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (unsafeText.test(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v && typeof v === 'object') {
      // Each key is checked before its value, in order: pushed in reverse, the key last.
      for (const [key, item] of Object.entries(v).reverse()) {
        stack.push({ value: item, key, parent: step }, { value: key, key, parent: step });
      }
    }
  }
  return null;
}
