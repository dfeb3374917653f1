import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { auditEntry } from './document-acts.js';
import { configOf, load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';

/** Reports of the document's procedure in the configuration version of its application. */
export async function listDocumentReports(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
): Promise<z.input<typeof C.DocumentReports>> {
  const loaded = await load(deps, actor.staff, id);
  const { group, procedure } = await configOf(deps, loaded);
  const code = procedure?.code ?? loaded.procedureCode;
  const reports = group.config.reports
    .filter((r) => r.procedure_code === code)
    .map((r) => ({ id: r.id, name: r.name, procedure_code: r.procedure_code }));
  await deps.audit.record(auditEntry(actor, 'document.reports.read', id));
  return { reports };
}
