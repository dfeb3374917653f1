import type { StandardItemFragmentValue } from '@portal/contracts';
import { decideAnswers } from '@portal/rules';
import { notFound, validationFailed } from '../../http/errors.js';
import { rulesOf } from '../configuration/published-rules.js';
import { auditEntry, refuseFinal, refuseStale, stale } from './document-acts.js';
import { detailOf, reload, type Detail } from './document-detail.js';
import { configOf, load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import { duplicateKey } from './duplicates.js';

/**
 * Staff edit of standard items: only items of the document's procedure, each checked by its
 * definition as on the applicant form; values of hidden items are refused, and stored values of
 * items the edit hides are removed (hidden items are never stored). Before and after go to history.
 */
export async function editDocumentAnswers(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  values: StandardItemFragmentValue[],
  version: number,
): Promise<Detail> {
  const loaded = await load(deps, actor.staff, id);
  refuseStale(loaded.document.version, version);
  refuseFinal(loaded.document.status);
  const { group, procedure } = await configOf(deps, loaded);
  const editable = new Set(procedure?.procedure_fragments.map((f) => f.standard_item_code) ?? []);
  const application = await deps.applications.find(loaded.document.municipalityId, loaded.application.id);
  if (!application) throw notFound('application');
  const { context } = await deps.answers.read(group, application);
  const decision = decideAnswers(rulesOf(group), context, { kind: 'staff', editable }, values);
  if (decision.errors.length > 0) throw validationFailed(decision.errors);
  const { changes } = decision;
  if (changes.length === 0) return detailOf(deps, loaded);
  const at = deps.clock();
  const edited = await deps.documents.editAnswers({
    documentId: id,
    version,
    applicationId: application.id,
    values: decision.save,
    remove: decision.remove,
    // A corrected name or birth date may make, or end, a duplicate.
    duplicateKey: duplicateKey(decision.after, loaded.document.applicantName),
    staffId: actor.staff.id,
    at,
    change: { action: 'document.update', detail: { changes } },
    audit: auditEntry(actor, 'document.update', id, { codes: [...new Set(changes.map((c) => c.code))] }),
  });
  if (!edited) throw stale();
  return reload(deps, actor.staff, id);
}
