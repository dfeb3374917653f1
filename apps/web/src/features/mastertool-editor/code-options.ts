// What the code pickers offer: the procedure codes of the municipality's reference data and the
// attachment codes of the material templates, each once, plus the codes this draft has that they lack
// (flagged as new), so nothing in the draft is hidden or dropped.
import type { CodeOption } from './CodePicker';
import type { Config } from './editor-state';

type Labelled = readonly { value: string; label: string }[];

/** Each code once, with the first label given for it. */
function unique(list: Labelled): Map<string, string> {
  const out = new Map<string, string>();
  for (const { value, label } of list) if (!out.has(value)) out.set(value, label);
  return out;
}

/**
 * Codes for procedure `index`: the reference data's, then the draft's own new ones; a code another
 * procedure of the group or another group has is listed but not pickable (codes are unique in a
 * municipality; the server refuses one another group has).
 */
export function procedureCodeOptions(
  reference: readonly { value: string; label: string; elsewhere?: boolean }[],
  config: Config,
  index: number,
  notes: { used: (name: string) => string; draftNew: string; elsewhere: string },
): CodeOption[] {
  const listed = unique(reference);
  const elsewhere = new Set(reference.filter((c) => c.elsewhere).map((c) => c.value));
  const usedBy = new Map(
    config.disclosure.procedures.flatMap((p, i) => (i === index ? [] : [[p.code, p.name] as const])),
  );
  const mark = (o: CodeOption): CodeOption => {
    const user = usedBy.get(o.code);
    if (user !== undefined) return { ...o, disabled: true, note: notes.used(user) };
    return elsewhere.has(o.code) ? { ...o, disabled: true, note: notes.elsewhere } : o;
  };
  const draftNew = config.disclosure.procedures
    .filter((p) => p.code !== '' && !listed.has(p.code))
    .map((p) => ({ code: p.code, label: p.name, note: notes.draftNew }));
  return [...[...listed].map(([code, label]) => ({ code, label })), ...draftNew].map(mark);
}

/** Attachment codes of the templates, then the draft's own new ones. */
export function attachCodeOptions(templates: Labelled, config: Config, draftNew: string): CodeOption[] {
  const listed = unique(templates);
  const own = unique(
    config.disclosure.procedure_attaches
      .filter((a) => a.standard_item_code !== '' && !listed.has(a.standard_item_code))
      .map((a) => ({ value: a.standard_item_code, label: a.name })),
  );
  return [
    ...[...listed].map(([code, label]) => ({ code, label })),
    ...[...own].map(([code, label]) => ({ code, label, note: draftNew })),
  ];
}

/** Codes a new code of procedure `index` must not take: every reference code and the draft's others. */
export function takenProcedureCodes(
  reference: readonly { value: string }[],
  config: Config,
  index: number,
): Set<string> {
  return new Set([
    ...reference.map((c) => c.value),
    ...config.disclosure.procedures.flatMap((p, i) => (i === index ? [] : [p.code])),
  ]);
}

/**
 * Codes a new code of attach `index` must not take: the templates', the draft's other attaches' and its
 * items' (an upload is kept under its attach code beside the answers).
 */
export function takenAttachCodes(templates: Labelled, config: Config, index: number): Set<string> {
  return new Set([
    ...templates.map((c) => c.value),
    ...config.disclosure.procedure_attaches.flatMap((a, i) => (i === index ? [] : [a.standard_item_code])),
    ...config.standard_items.map((i) => i.code),
  ]);
}
