// A document's change in the staff's words: status names, the form's item names, values as the form
// reads them back. The document's history and the audit log both word changes with it.
import type { DocumentChange, StandardItem } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { Language } from '../i18n';
import { localized } from '../i18n/localized';
import { displayValue } from '../items/display-value';

/** The form's items by code (the document's configuration version); empty where it is not loaded. */
export type ItemsByCode = ReadonlyMap<string, StandardItem>;

/** The lines one change reads as: one per changed answer, one otherwise. */
export function describeChange(
  t: TFunction,
  change: DocumentChange,
  items: ItemsByCode,
  language: Language,
): string[] {
  switch (change.kind) {
    case 'status': {
      const moved = `${t(`staff.status.${change.from}`)} → ${t(`staff.status.${change.to}`)}`;
      if (!change.remand_message) return [moved];
      // A rejection's message is its reason (decision 0037).
      return change.to === 'rejected'
        ? [t('staff.decision.history', { moved, reason: change.remand_message })]
        : [t('staff.change.remand', { moved, message: change.remand_message })];
    }
    case 'answers':
      return change.changes.map((c) => {
        const item = items.get(c.code) ?? null;
        const name = item ? localized(item.name, item.en?.name, language).text : c.code;
        const value = (v: typeof c.before) => displayValue(item, v, language) || t('staff.change.blank');
        return t('staff.change.answer', {
          item: c.sequence > 1 ? t('staff.answers.sequence', { name, n: c.sequence }) : name,
          before: value(c.before),
          after: value(c.after),
        });
      });
    case 'memo': {
      const parts: string[] = [];
      if (change.confirmed_before !== change.confirmed_after)
        parts.push(t(change.confirmed_after ? 'staff.change.confirmed' : 'staff.change.unconfirmed'));
      if (change.memos_changed) parts.push(t('staff.change.memoChanged'));
      const lines = [parts.length > 0 ? parts.join(t('staff.change.separator')) : t('staff.change.nothing')];
      // The history keeps each memo's full text (decision 0034); the audit log has none.
      if (change.memo_after !== undefined) {
        const text = (v: string | null | undefined) => v || t('staff.change.blank');
        lines.push(t('staff.change.memoBefore', { text: text(change.memo_before) }));
        lines.push(t('staff.change.memoAfter', { text: text(change.memo_after) }));
      }
      return lines;
    }
    case 'workflow': {
      const step = t('staff.workflow.stepName', { sequence: change.sequence, name: change.name });
      const parts = [
        change.from === change.to
          ? t(`staff.stepStatus.${change.to}`)
          : `${t(`staff.stepStatus.${change.from}`)} → ${t(`staff.stepStatus.${change.to}`)}`,
      ];
      if (change.assignee_name !== undefined)
        parts.push(
          change.assignee_name === null
            ? t('staff.change.unassigned')
            : t('staff.change.assigned', { name: change.assignee_name }),
        );
      if (change.memo_changed) parts.push(t('staff.change.memoChanged'));
      return [t('staff.change.step', { step, what: parts.join(t('staff.change.separator')) })];
    }
  }
}
