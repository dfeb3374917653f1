// Row-to-contract helpers shared by the reads of the procedure-group repository and its consumers.
import type { StandardItem } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type * as t from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction on it. */
export type Exec = Db | Tx;

/** A row's English column as the configuration carries it: absent when there is none (decision 0009). */
export const withEn = <T>(en: T | null | undefined): { en?: T } =>
  en && Object.keys(en).length > 0 ? { en } : {};

/** A row of the standard_items table as the contract's item. */
export function standardItemOfRow(i: typeof t.standardItems.$inferSelect): StandardItem {
  return {
    code: i.code,
    name: i.name,
    type: i.type as StandardItem['type'],
    required: i.required,
    min_length: i.minLength,
    max_length: i.maxLength,
    pattern: i.pattern,
    choices: i.choices,
    reading_of: i.readingOf,
    suffix: i.suffix,
    remarks: i.remarks,
    ...withEn(i.en),
  };
}
