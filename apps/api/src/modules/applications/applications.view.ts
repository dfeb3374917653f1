import type { Application, FlowStep } from '@portal/contracts';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import type { ApplicationRow, ListedDocument } from './applications.repository.js';

/** Items whose answers name who an application is about when it is not the resident (a newborn). */
export const SUBJECT_NAME_ITEMS = ['child_last_name', 'child_first_name'] as const;

/** What the list shows beside the row: the documents once submitted, and the subject's name parts. */
export interface ApplicationExtras {
  documents?: readonly ListedDocument[];
  /** Answers of SUBJECT_NAME_ITEMS, by code. */
  subjectAnswers?: ReadonlyMap<string, unknown>;
}

function subjectName(answers: ReadonlyMap<string, unknown> | undefined): string | null {
  const parts = SUBJECT_NAME_ITEMS.map((code) => answers?.get(code)).filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ') : null;
}

/** An application as the resident sees it. */
export function applicationView(
  row: ApplicationRow,
  municipalityCode: string,
  group: PublishedGroup | null,
  extras: ApplicationExtras = {},
): Application {
  const configured = new Map((group?.config.disclosure.procedures ?? []).map((p) => [p.id, p]));
  const documents = new Map((extras.documents ?? []).map((d) => [d.procedureId, d]));
  return {
    id: row.id,
    municipality_code: municipalityCode,
    procedure_group_id: row.procedureGroupId,
    procedure_group_name: group?.config.name ?? '',
    ...(group?.config.en?.name ? { en: { procedure_group_name: group.config.en.name } } : {}),
    configuration_version: row.configurationVersion,
    status: row.status as Application['status'],
    current_step: row.currentStep as FlowStep,
    procedure_ids: row.procedureIds,
    remand_message: row.remandMessage,
    remand_fields: row.status === 'remanded' ? (row.remandFields ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    procedures: row.procedureIds.map((id) => {
      const procedure = configured.get(id);
      const document = documents.get(id);
      return {
        id,
        name: procedure?.name ?? '',
        ...(procedure?.en?.name ? { en: { name: procedure.en.name } } : {}),
        reference_number: document?.referenceNumber ?? null,
        status: (document?.status ?? null) as Application['procedures'][number]['status'],
        rejection_reason: document?.status === 'rejected' ? (document.rejectionReason ?? null) : null,
      };
    }),
    subject_name: subjectName(extras.subjectAnswers),
  };
}
