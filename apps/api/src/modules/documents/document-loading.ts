import type * as C from '@portal/contracts';
import type { Procedure } from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { inScope, visibleDepartments } from '../staff/staff.policy.js';
import type { DocumentServiceDeps } from './document-service-deps.js';
import type { DocumentScope } from './documents.query.js';
import type { LoadedDocument, WorkflowStep } from './documents.repository.js';
import { summaryView } from './documents.view.js';
import { currentStepOf } from './workflow-steps.js';

/** Items a document shows: its procedure's fragments, then the items its procedural rules read. */
export function itemCodesOf(procedure: Procedure | undefined): string[] {
  if (!procedure) return [];
  const codes = procedure.procedure_fragments.map((f) => f.standard_item_code);
  for (const rule of procedure.procedural_rules.flat()) codes.push(rule.standard_item_code);
  return [...new Set(codes)];
}

export const scopeOf = (staff: StaffIdentity): DocumentScope => ({
  municipalityId: staff.municipalityId,
  departmentIds: visibleDepartments(staff),
  staffId: staff.id,
});

/** A document of the staff member's scope; anything else (other departments, municipalities) is 404. */
export async function load(
  deps: DocumentServiceDeps,
  staff: StaffIdentity,
  id: string,
): Promise<LoadedDocument> {
  const found = await deps.documents.find(staff.municipalityId, id);
  if (!found || !inScope(staff, found.document.departmentId)) throw notFound('document');
  return found;
}

export const summaryOf = (
  loaded: LoadedDocument,
  duplicates: { id: string; referenceNumber: string }[],
  steps: WorkflowStep[],
) =>
  summaryView({
    ...loaded.document,
    currentStep: currentStepOf(steps) ?? null,
    procedureCode: loaded.procedureCode,
    procedureName: loaded.procedureName,
    possibleDuplicate: duplicates[0] ? `${duplicates[0].id} ${duplicates[0].referenceNumber}` : null,
  });

/** The configuration version the application started with, and the document's procedure in it. */
export async function configOf(deps: DocumentServiceDeps, loaded: LoadedDocument) {
  const group = await deps.published.version(
    loaded.document.municipalityId,
    loaded.application.procedureGroupId,
    loaded.application.configurationVersion,
  );
  const procedure = group.config.disclosure.procedures.find((p) => p.id === loaded.document.procedureId);
  return { group, procedure };
}

/** Attachment slots (standard item codes) of the document's procedure. */
export function attachCodesOf(config: C.ProcedureGroupConfiguration, procedureId: number): Set<string> {
  return new Set(
    config.disclosure.procedure_attaches
      .filter((a) => a.procedure_id === procedureId)
      .map((a) => a.standard_item_code),
  );
}
