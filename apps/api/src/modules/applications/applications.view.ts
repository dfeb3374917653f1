import type { Application, FlowStep } from '@portal/contracts';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import type { ApplicationRow } from './applications.repository.js';

/** An application as the resident sees it. */
export function applicationView(
  row: ApplicationRow,
  municipalityCode: string,
  group: PublishedGroup | null,
): Application {
  return {
    id: row.id,
    municipality_code: municipalityCode,
    procedure_group_id: row.procedureGroupId,
    procedure_group_name: group?.config.name ?? '',
    configuration_version: row.configurationVersion,
    status: row.status as Application['status'],
    current_step: row.currentStep as FlowStep,
    procedure_ids: row.procedureIds,
    remand_message: row.remandMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
  };
}
