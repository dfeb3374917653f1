// The editor's working copy: changed through `edit(draft => { ... })` on a fresh copy, so a change never
// touches the saved configuration or the query cache.
import type { ProcedureGroupConfiguration } from '@portal/contracts';

export type Config = ProcedureGroupConfiguration;
export type Edit = (change: (draft: Config) => void) => void;
export type ReportJson = (path: string, message: string | null) => void;

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
