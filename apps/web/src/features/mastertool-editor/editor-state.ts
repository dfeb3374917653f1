// The editor's working copy: changed through `edit(draft => { ... })` on a fresh copy, so a change never
// touches the saved configuration or the query cache.
import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';

export type Config = ProcedureGroupConfiguration;
export type Edit = (change: (draft: Config) => void) => void;
export type ReportJson = (path: string, message: string | null) => void;

/** What the editor offers to pick from (the master tool's reference data). */
export interface EditorReference {
  /** The standard-item library. */
  standardItems: readonly StandardItem[];
  /** The municipality's departments, by code. */
  departments: readonly { value: string; label: string }[];
  /**
   * The municipality's procedure codes (reference data), named by their procedure; `elsewhere` when
   * another group has it (a code names one procedure of the municipality, so it cannot be used here).
   */
  procedureCodes: readonly { value: string; label: string; elsewhere?: boolean }[];
  /** Attachment codes of the material templates (PRA), named by their document. */
  attachCodes: readonly { value: string; label: string }[];
}

/** The next free id of a kind: one past the largest in use (the server renumbers a clash on save). */
export function nextId(ids: Iterable<number>): number {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  return max + 1;
}

/** Every category of a concierge set, the filter first. */
export const categoriesOf = (config: Config) => [
  config.concierge_set.filter_concierge_category,
  ...config.concierge_set.assistant_concierge_category,
];

/** Ids in use for each kind of concierge entry. */
export function conciergeIds(config: Config) {
  const subs = categoriesOf(config).flatMap((c) => c.concierge_sub_category);
  const concierges = subs.flatMap((s) => s.concierges);
  const options = concierges.flatMap((c) => c.concierge_options);
  return {
    concierges: concierges.map((c) => c.id),
    options: options.map((o) => o.id),
    destinations: options.flatMap((o) => (o.concierge_destination ? [o.concierge_destination.id] : [])),
    procedureCodes: concierges.flatMap((c) => c.concierge_procedure_codes.map((p) => p.id)),
  };
}

/** An entity with English of some text fields (decision 0009). */
type WithEnglish = { en?: Record<string, unknown> | undefined };

/**
 * Sets the English of one field of `entity` in place. An empty text (or a list of empty texts) removes
 * the field, and an `en` left with no field goes too, so a configuration without English stays as it was.
 */
export function setEnglish(entity: WithEnglish, field: string, value: string | string[] | null | undefined) {
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  const empty = Array.isArray(value) ? value.every(blank) : blank(value);
  const en: Record<string, unknown> = { ...entity.en };
  if (empty) delete en[field];
  else en[field] = value;
  if (Object.keys(en).length === 0) delete entity.en;
  else entity.en = en;
}

/** English lines of a list field (one per line, parallel to the Japanese: blank lines keep their place). */
export const englishLines = (text: string): string[] => text.replace(/\s+$/, '').split('\n');
