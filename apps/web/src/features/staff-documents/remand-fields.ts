// The fields a remand may name (decision 0023): the document's answers in form order and its
// procedure's attachment slots, each with the name staff and the applicant read.
import type { StandardItem } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { answerKey, answerRows, type Value } from './answers';
import type { DocumentDetail } from './DocumentDetailScreen';
import { useDocumentForm } from './use-document-form';

export type RemandChoice = (
  | {
      kind: 'item';
      key: string;
      code: string;
      sequence: number;
      name: string;
      item: StandardItem | null;
      value: Value;
    }
  | { kind: 'attachment'; key: string; code: string; sequence: 1; name: string }
) & {
  /** The form's section (the attachments' own), to group the choices as the form does. */
  section: string;
};

/** Every field a remand of this document may name, and a name for any key (unknown codes read as codes). */
export function useRemandFieldNames(doc: DocumentDetail) {
  const { t } = useTranslation();
  const { form, items } = useDocumentForm(doc);
  const choices = useMemo(() => {
    const rows = answerRows(
      form.data?.fragments ?? [],
      doc.procedure_code,
      doc.standard_item_fragments,
      form.data?.repeatable_groups,
    ).filter((r) => r.item);
    const answers: RemandChoice[] = rows.map((r) => ({
      kind: 'item',
      key: r.key,
      code: r.code,
      sequence: r.sequence,
      name: r.numbered ? t('staff.answers.repetition', { name: r.item!.name, n: r.sequence }) : r.item!.name,
      item: r.item,
      value: r.value,
      section: r.section,
    }));
    const slots: RemandChoice[] = doc.attachment_slots
      .filter((s) => s.type !== 'SG')
      .map((s) => ({
        kind: 'attachment',
        key: answerKey(s.standard_item_code, 1),
        code: s.standard_item_code,
        sequence: 1,
        name: s.name,
        section: t('staff.remandFields.attachments'),
      }));
    return [...answers, ...slots];
  }, [form.data, doc, t]);
  const nameOf = (code: string, sequence: number) =>
    choices.find((c) => c.key === answerKey(code, sequence))?.name ?? items.get(code)?.name ?? code;
  return { choices, items, nameOf };
}
