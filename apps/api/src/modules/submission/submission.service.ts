import type { CounterCheck, ProcedureGroupConfiguration } from '@portal/contracts';
import { applicationStates, documentStates, workflowStepStates } from '@portal/contracts';
import { answerProblems, dueAtFor, type StoredValue } from '@portal/rules';
import { validationFailed } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import { duplicateKey } from '../documents/duplicates.js';
import type { ApplicationRepository, ApplicationRow } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import { applicationView } from '../applications/applications.view.js';
import { isPendingScan, pendingScanRefusal, slotsOf } from '../attachments/attachments.service.js';
import type { AttachmentRepository } from '../attachments/attachments.repository.js';
import { rulesOf } from '../configuration/published-rules.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import type { DocumentRepository } from '../documents/documents.repository.js';
import { receivedNotice } from '../notifications/notices.js';
import type { WebhookSender } from '../integration/webhook-sender.js';
import type { NotificationSender } from '../notifications/notification-sender.js';
import type { SignatureRepository } from '../signatures/signatures.repository.js';
import type { ApplicationCounters } from '../system/metrics.js';
import type { FunnelService } from '../funnel/funnel.service.js';

type Problem = { field: string; message: string };

/** Whether the resident identified themselves by a route the procedure group allows. */
export function isIdentified(
  config: ProcedureGroupConfiguration,
  application: ApplicationRow,
  hasIdentityProfile: boolean,
) {
  const d = config.disclosure;
  const id = (application.identification ?? {}) as {
    basic_four?: { verified_at?: string | null };
    mynaportal?: { fetched_at?: string };
  };
  return (
    (d.identifications.jpki && hasIdentityProfile) ||
    (d.identifications.basic_four_information &&
      d.use_basic_four_information &&
      !!id.basic_four?.verified_at) ||
    (d.use_mynaportal && !!id.mynaportal?.fetched_at)
  );
}

/**
 * Submission: everything is checked again on the server (procedures, identification, every answer,
 * attachments, required digital signatures); then each procedure becomes a document for the staff area.
 */
export function createSubmissionService(deps: {
  applications: Pick<ApplicationRepository, 'find'>;
  answers: AnswerContextReader;
  attachments: AttachmentRepository;
  documents: DocumentRepository;
  signatures: SignatureRepository;
  /** Counts each submission (portal_applications_submitted_total, by first or resubmission). */
  counters: Pick<ApplicationCounters, 'submitted'>;
  /** Mails the resident's notice of receipt once it is written (decision 0025). */
  sender: Pick<NotificationSender, 'kick'>;
  /** Posts the core systems' webhooks the submission wrote (decision 0059). */
  webhooks: Pick<WebhookSender, 'kick'>;
  /** Counts the steps residents reach (decision 0053). */
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}) {
  const { applications, clock, counters } = deps;

  /** The notice of receipt of these procedures (numbers filled in by the submission's transaction). */
  function noticeOf(open: OpenApplication, at: Date, procedures: { id: number; reference: string | null }[]) {
    const { application, group, municipality } = open;
    const configured = new Map(group.config.disclosure.procedures.map((p) => [p.id, p]));
    return receivedNotice({
      municipalityId: municipality.id,
      applicantId: application.applicantId,
      applicationId: application.id,
      at,
      detail: {
        procedure_group_name: group.config.name,
        procedure_group_name_en: group.config.en?.name ?? null,
        procedures: procedures.map(({ id, reference }) => ({
          name: configured.get(id)?.name ?? '',
          name_en: configured.get(id)?.en?.name ?? null,
          reference_number: reference,
        })),
      },
    });
  }

  /** Verified signatures covering the newest rendering of each procedure, by procedure id. */
  async function coveringSignatures(application: ApplicationRow) {
    const renderings = await deps.signatures.latestRenderings(application.id);
    const verified = await deps.signatures.verifiedTransactions(application.id);
    const out = new Map<number, Record<string, unknown>>();
    for (const [procedureId, rendering] of renderings) {
      const tx = verified.find((t) =>
        t.documents.some((d) => d.procedure_id === procedureId && d.digest === rendering.sha256),
      );
      if (tx) {
        out.set(procedureId, {
          sign_transaction_id: tx.id,
          digest: rendering.sha256,
          rendered_document_id: rendering.id,
          verified_at: tx.updatedAt.toISOString(),
          container: (tx.signatures ?? {})[String(procedureId)] ?? null,
        });
      }
    }
    return out;
  }

  /** What stops the application being submitted, and the answers it was checked on. */
  async function problems(
    open: OpenApplication,
    signatures: Map<number, Record<string, unknown>>,
    counter: CounterCheck | null = null,
  ): Promise<{ problems: Problem[]; stored: readonly StoredValue[] }> {
    const { application, group } = open;
    const config = group.config;
    const out: Problem[] = [];
    const chosen = config.disclosure.procedures.filter((p) => application.procedureIds.includes(p.id));
    if (chosen.length === 0) out.push({ field: 'procedure_ids', message: 'choose at least one procedure' });
    const { context, hasIdentityProfile } = await deps.answers.read(group, application);
    // At the counter the clerk's identity check is the identification (decision 0026).
    if (counter === null && !isIdentified(config, application, hasIdentityProfile)) {
      out.push({ field: 'identification', message: 'identify yourself by one of the allowed routes' });
    }
    out.push(...answerProblems(rulesOf(group), context));
    const files = await deps.attachments.list(application.id);
    const uploaded = new Set(files.map((a) => a.standardItemCode));
    for (const slot of slotsOf(config, application.procedureIds)) {
      if (!uploaded.has(slot.standard_item_code))
        out.push({ field: slot.standard_item_code, message: `${slot.name} is required` });
    }
    // A file waiting for its malware scan is not submitted (decision 0051).
    for (const file of files.filter(isPendingScan)) {
      out.push({ field: file.standardItemCode, message: pendingScanRefusal(file.standardItemCode).message });
    }
    for (const p of chosen.filter((p) => p.is_signature_digital_certificate)) {
      // The identity check at the counter stands instead of the card's signature.
      if (!signatures.has(p.id) && !counter) {
        out.push({
          field: 'signature',
          message: `${p.name} needs a valid digital-certificate signature of its current document`,
        });
      }
    }
    return { problems: out, stored: context.stored };
  }

  function applicantName(values: readonly { standard_item_code: string; value: unknown }[]) {
    const get = (code: string) => {
      const v = values.find((x) => x.standard_item_code === code)?.value;
      return typeof v === 'string' ? v : '';
    };
    return {
      name:
        [get('applicant_last_name'), get('applicant_first_name')].filter(Boolean).join(' ') || '(no name)',
      kana:
        [get('applicant_last_name_kana'), get('applicant_first_name_kana')].filter(Boolean).join(' ') || null,
    };
  }

  return {
    problems: async (open: OpenApplication) =>
      (await problems(open, await coveringSignatures(open.application))).problems,

    /**
     * Submits the application; `counter` is the clerk's identity check when a counter session submits it
     * (channel counter, decision 0026), null when the resident does.
     */
    async submit(open: OpenApplication, counter: CounterCheck | null = null) {
      const { application, group, municipality } = open;
      assertTransition(applicationStates, application.status as never, 'submitted');
      const signatures = await coveringSignatures(application);
      const { problems: found, stored: answers } = await problems(open, signatures, counter);
      if (found.length > 0) throw validationFailed(found);
      const at = clock();
      // Deadlines from the configuration already read: no statement added to the submission.
      const processingDays = new Map(
        group.config.disclosure.procedures.map((p) => [p.id, p.processing_days]),
      );
      const dueAt = (procedureId: number) => dueAtFor(at, processingDays.get(procedureId));
      const name = applicantName(answers);
      let written: { webhooks: number };
      if (application.status === 'remanded') {
        // Each remanded document goes back to staff as resubmitted.
        const document = { from: 'remanded', to: 'resubmitted' } as const;
        assertTransition(documentStates, document.from, document.to);
        const remanded = (await deps.documents.forApplication(application.id)).filter(
          (d) => d.status === document.from,
        );
        written = await deps.documents.resubmit({
          applicationId: application.id,
          at,
          signatures,
          // The clock restarts: staff get the whole processing time for the corrected application.
          dueAt,
          // The corrected answers may make, or end, a duplicate (decision 0021).
          duplicateKey: duplicateKey(answers, name.name),
          document,
          application: 'submitted',
          notice: noticeOf(
            open,
            at,
            remanded.map((d) => ({ id: d.procedureId, reference: d.referenceNumber })),
          ),
        });
        counters.submitted.inc({ kind: 'resubmission' });
      } else {
        const templates = new Map(group.config.workflow_templates.map((w) => [w.id, w]));
        const chosen = group.config.disclosure.procedures.filter((p) =>
          application.procedureIds.includes(p.id),
        );
        written = await deps.documents.submit({
          municipalityId: municipality.id,
          applicationId: application.id,
          at,
          // New documents and steps start where their machines begin.
          status: {
            document: documentStates.initial,
            step: workflowStepStates.initial,
            application: 'submitted',
          },
          // Numbered in the transaction, in the order of `documents`.
          notice: noticeOf(
            open,
            at,
            chosen.map((p) => ({ id: p.id, reference: null })),
          ),
          documents: chosen.map((p) => ({
            procedureId: p.id,
            departmentCode: p.department_code,
            dueAt: dueAt(p.id),
            duplicateKey: duplicateKey(answers, name.name),
            applicantName: name.name,
            applicantNameKana: name.kana,
            signature: signatures.get(p.id) ?? null,
            counterCheck: counter,
            steps: (p.workflow_template_id ? (templates.get(p.workflow_template_id)?.steps ?? []) : []).map(
              (s) => ({
                sequence: s.sequence,
                name: s.name,
                departmentCode: s.department_code,
              }),
            ),
          })),
        });
        counters.submitted.inc({ kind: 'first' });
      }
      await deps.sender.kick(municipality.id);
      if (written.webhooks > 0) await deps.webhooks.kick();
      await deps.funnel.reach(application, 'complete');
      const updated = await applications.find(municipality.id, application.id);
      return applicationView(updated!, municipality.code, group);
    },

    async withdraw(open: OpenApplication) {
      const { application, group, municipality } = open;
      assertTransition(applicationStates, application.status as never, 'withdrawn');
      const open_ = documentStates.states.filter((s) => documentStates.can(s, 'withdrawn'));
      const written = await deps.documents.withdraw({
        applicationId: application.id,
        at: clock(),
        openStatuses: open_,
        to: { document: 'withdrawn', application: 'withdrawn' },
      });
      if (written.webhooks > 0) await deps.webhooks.kick();
      const updated = await applications.find(municipality.id, application.id);
      return applicationView(updated!, municipality.code, group);
    },
  };
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
