// A remand that names fields (decision 0023), as the resident's form reads it: those fields are open,
// with staff's note, every other one is shown read-only, and only pages holding an open field are asked.
import type { Application } from '../../lib/application/application';
import type { FormPage } from './form-model';
import { valueKey } from './repeats';

/** Notes by field key (`code`, `code.N`) of the fields open to correction; null while every field is. */
export type Corrections = ReadonlyMap<string, string> | null;

export function correctionsOf(application: Pick<Application, 'status' | 'remand_fields'>): Corrections {
  if (application.status !== 'remanded' || !application.remand_fields) return null;
  return new Map(application.remand_fields.map((f) => [valueKey(f.standard_item_code, f.sequence), f.note]));
}

/** Whether the resident may change a field: any while nothing is named, a named one, or one not answered. */
export function mayCorrect(corrections: Corrections, key: string, saved: unknown): boolean {
  if (!corrections || corrections.has(key)) return true;
  return (
    saved === undefined || saved === null || saved === '' || (Array.isArray(saved) && saved.length === 0)
  );
}

/** The pages that hold a field open to correction (all of them while every field is open). */
export function correctionPages(pages: FormPage[], corrections: Corrections): FormPage[] {
  if (!corrections) return pages;
  const codes = new Set([...corrections.keys()].map((key) => key.split('.')[0]));
  return pages.filter((p) => [...p.items, ...p.repeated].some((i) => codes.has(i.code)));
}
