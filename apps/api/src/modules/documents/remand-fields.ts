// Field-level remand (decision 0023), staff side: the fields a remand names, checked against the
// document's procedure and kept with their values then; and read back beside the values now.
import type { RemandField, RemandedField } from '@portal/contracts';
import type { StoredRemandField } from '../../db/schema/index.js';
import { validationFailed } from '../../http/errors.js';

type Answer = { standard_item_code: string; sequence: number; value: string | string[] | null };
type File = { standardItemCode: string; fileName: string; sha256: string };

const filesOf = (files: readonly File[], code: string) => files.filter((f) => f.standardItemCode === code);

/**
 * The remand's fields as the document keeps them: each an item or an attachment slot of its procedure
 * (anything else is refused at `remand_fields`), with its value now (an attachment slot: its files).
 */
export function remandSnapshot(
  fields: readonly RemandField[],
  procedure: { itemCodes: ReadonlySet<string>; attachCodes: ReadonlySet<string> },
  answers: readonly Answer[],
  files: readonly File[],
): StoredRemandField[] {
  const unknown = fields.filter(
    (f) =>
      !procedure.itemCodes.has(f.standard_item_code) &&
      !(procedure.attachCodes.has(f.standard_item_code) && f.sequence === 1),
  );
  if (unknown.length > 0) {
    throw validationFailed(
      unknown.map((f) => ({
        field: 'remand_fields',
        message: `${f.standard_item_code}${f.sequence > 1 ? ` (${f.sequence})` : ''} is not a field of this document`,
      })),
    );
  }
  return fields.map((f) => {
    if (procedure.attachCodes.has(f.standard_item_code)) {
      const slot = filesOf(files, f.standard_item_code);
      return {
        ...f,
        kind: 'attachment',
        before: slot.map((x) => x.fileName),
        hashes: slot.map((x) => x.sha256),
      };
    }
    const answer = answers.find(
      (a) => a.standard_item_code === f.standard_item_code && a.sequence === f.sequence,
    );
    return { ...f, kind: 'item', before: answer?.value ?? null };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The kept fields beside their values now: what staff compare after the resident's correction. */
export function remandedFieldsView(
  stored: readonly StoredRemandField[],
  answers: readonly Answer[],
  files: readonly File[],
): RemandedField[] {
  return stored.map(({ kind, before, hashes, ...field }) => {
    if (kind === 'attachment') {
      const slot = filesOf(files, field.standard_item_code);
      const after = slot.map((x) => x.fileName);
      return {
        ...field,
        kind,
        before,
        after,
        changed: !same(
          hashes ?? [],
          slot.map((x) => x.sha256),
        ),
      };
    }
    const after =
      answers.find((a) => a.standard_item_code === field.standard_item_code && a.sequence === field.sequence)
        ?.value ?? null;
    return { ...field, kind, before, after, changed: !same(before, after) };
  });
}
