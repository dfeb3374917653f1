import type { z } from 'zod';
import type { Completion } from '@portal/contracts';
import { conflict } from '../../http/errors.js';
import type { OpenApplication } from '../applications/applications.service.js';
import type { CompletionRepository } from './completion.repository.js';

/**
 * The end of the flow: the reference numbers the submission produced (one per procedure) and the
 * resident's 5-point satisfaction rating, which is only taken for an application that was submitted.
 */
export function createCompletionService(deps: { completion: CompletionRepository }) {
  const { completion } = deps;

  async function view(open: OpenApplication): Promise<z.input<typeof Completion>> {
    const { application, group, municipality } = open;
    const procedures = new Map(group.config.disclosure.procedures.map((p) => [p.id, p]));
    const rows = await completion.documentsOf(application.id);
    return {
      application_id: application.id,
      status: application.status as z.input<typeof Completion>['status'],
      submitted_at: application.submittedAt?.toISOString() ?? null,
      documents: rows.map((r) => ({
        procedure_id: r.procedureId,
        procedure_name: procedures.get(r.procedureId)?.name ?? String(r.procedureId),
        ...(procedures.get(r.procedureId)?.en?.name
          ? { en: { procedure_name: procedures.get(r.procedureId)?.en?.name } }
          : {}),
        reference_number: r.referenceNumber,
        received_at: r.receivedAt.toISOString(),
        status: r.status as z.input<typeof Completion>['documents'][number]['status'],
        rejection_reason: r.status === 'rejected' ? r.rejectionReason : null,
      })),
      rating: await completion.latestRating(municipality.id, application.id, application.applicantId),
      ...(group.config.resident_texts ? { resident_texts: group.config.resident_texts } : {}),
    };
  }

  return {
    view,
    async rate(open: OpenApplication, input: { rating: number; comment?: string | undefined }) {
      if (open.application.status === 'draft' || open.application.status === 'withdrawn') {
        throw conflict('only a submitted application can be rated');
      }
      await completion.rate({
        municipalityId: open.municipality.id,
        applicationId: open.application.id,
        applicantId: open.application.applicantId,
        rating: input.rating,
        comment: input.comment?.trim() || null,
      });
      return view(open);
    },
  };
}
export type CompletionService = ReturnType<typeof createCompletionService>;
