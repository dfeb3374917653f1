import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { ApplicationRepository, ApplicationRow } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import { applicationView } from '../applications/applications.view.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { stepAfterIdentification } from '../identification/identification.state.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { counterOf, type CounterBinding } from './counter-scope.js';
import { HandoffRolledBack, type CounterRepository, type HandoffRow } from './counter.repository.js';
import { codeHash, newHandoffCode, newHandoffToken, shownCode, tokenHash } from './handoff-secrets.js';

/** A handoff lives 15 minutes; a counter session 30 (decision 0026). */
export const HANDOFF_TTL_MS = 15 * 60_000;
export const COUNTER_SESSION_TTL_MS = 30 * 60_000;
/** Applicants standing in for the resident of an application started at the counter. */
const COUNTER_SUBJECT = 'counter:';

type Claim = z.output<typeof C.HandoffClaimRequest>;
type Staff = { id: string; name: string };

/** The counter's identity check kept with the application, as identification.counter. */
interface StoredCounterCheck extends C.CounterCheck {
  /** The counter session it was made in: it counts only there. */
  session_started_at: string;
}

/** The identity check of this counter session, if the clerk made one for the application. */
export function counterCheckOf(application: ApplicationRow, counter: CounterBinding): C.CounterCheck | null {
  const stored = (application.identification as { counter?: StoredCounterCheck } | null)?.counter;
  if (
    !stored ||
    stored.session_started_at !== counter.started_at ||
    stored.staff_account_id !== counter.staff_account_id
  ) {
    return null;
  }
  const { session_started_at: _, ...check } = stored;
  return check;
}

/** The applicant screen the tablet opens: the answers with the resident, once past identification. */
function continueScreen(step: string): string {
  if (step === 'filter') return 'conciergeAssistant';
  if (step === 'procedures' || step === 'identification') return step;
  return 'formValues';
}

/**
 * Counter handoff (書かない窓口, decision 0026): one-time handoffs between a resident's phone and the
 * counter tablet, the counter session they open, and the clerk's identity check.
 */
export function createCounterService(deps: {
  counter: CounterRepository;
  applications: ApplicationRepository;
  published: PublishedConfiguration;
  sessions: SessionService;
  secret: string;
  /** This environment's site address and the web pages' base ('' or '/stg'). */
  webUrl: string;
  webBase: string;
  clock: () => Date;
}) {
  const { counter, applications, clock, secret } = deps;

  /** The live handoff of the municipality the token or code names, going the given way. */
  async function live(
    municipalityId: number,
    claim: Claim,
    direction: C.HandoffDirection,
  ): Promise<HandoffRow> {
    const row = await counter.find(
      municipalityId,
      claim.token
        ? { token: tokenHash(secret, claim.token) }
        : { code: codeHash(secret, municipalityId, claim.code ?? '') },
    );
    const field = claim.token ? 'token' : 'code';
    if (!row || row.direction !== direction) throw new AppError('not_found', 'no such handoff', field);
    if (row.usedAt) throw new AppError('conflict', 'this handoff was already used', field);
    if (row.expiresAt <= clock()) throw new AppError('conflict', 'this handoff has expired', field);
    return row;
  }

  async function draft(municipalityId: number, id: string): Promise<ApplicationRow> {
    const application = await applications.find(municipalityId, id);
    if (!application) throw notFound('application');
    if (application.status !== 'draft')
      throw conflict(`a ${application.status} application cannot be handed over`);
    return application;
  }

  const binding = (staff: Staff, applicationId: string | null): CounterBinding => ({
    staff_account_id: staff.id,
    staff_name: staff.name,
    application_id: applicationId,
    started_at: clock().toISOString(),
  });

  const sessionData = (municipality: MunicipalityRef, c: CounterBinding) => ({
    municipality_code: municipality.code,
    counter: c,
  });

  const staffAudit = (
    m: MunicipalityRef,
    staff: Staff,
    action: AuditEntry['action'],
    target: string | null,
    ip: string,
  ) =>
    ({
      municipalityId: m.id,
      actorKind: 'staff',
      actorId: staff.id,
      action,
      targetType: target ? 'application' : null,
      targetId: target,
      ip,
    }) satisfies AuditEntry;

  return {
    /**
     * Issues a handoff of a draft: from the resident's own session to the counter, from a counter session
     * (an application started there) to the resident's phone. Earlier unused ones stop working.
     */
    async issue(open: OpenApplication, session: SessionRecord | null): Promise<C.Handoff> {
      const { application, municipality } = open;
      if (application.status !== 'draft') throw conflict('only a draft can be handed over');
      const atCounter = counterOf(session);
      const direction: C.HandoffDirection = atCounter ? 'to_resident' : 'to_counter';
      if (atCounter && !(await counter.subjectOf(application.applicantId))?.startsWith(COUNTER_SUBJECT)) {
        throw conflict('this application is already the resident’s: they continue it from their list');
      }
      const now = clock();
      const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
      await counter.retire(application.id, now);
      const token = newHandoffToken();
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = newHandoffCode();
        const stored = await counter.insert({
          municipalityId: municipality.id,
          applicationId: application.id,
          direction,
          tokenHash: tokenHash(secret, token),
          codeHash: codeHash(secret, municipality.id, code),
          issuedByStaffId: atCounter?.staff_account_id ?? null,
          expiresAt,
        });
        if (!stored) continue;
        // The token travels after '#': a browser never sends it to a server, so no log keeps it.
        const page =
          direction === 'to_counter'
            ? `${deps.webUrl}/staff/counter#handoff=${token}`
            : `${deps.webUrl}/municipalities/${municipality.code}/handoff#token=${token}`;
        return { direction, qr_text: page, code: shownCode(code), expires_at: expiresAt.toISOString() };
      }
      throw new AppError('unavailable', 'no handoff code could be drawn; try again');
    },

    /**
     * Staff take a resident's handoff: a counter session bound to that application and clerk is stored
     * with the handoff's single use and the audit entry, all at once. Returns the session for the cookie.
     */
    async take(municipality: MunicipalityRef, staff: Staff, claim: Claim, ip: string) {
      const handoff = await live(municipality.id, claim, 'to_counter');
      const application = await draft(municipality.id, handoff.applicationId);
      const c = binding(staff, application.id);
      const session = deps.sessions.prepare({
        kind: 'applicant',
        subjectId: application.applicantId,
        municipalityId: municipality.id,
        data: sessionData(municipality, c),
        ttlMs: COUNTER_SESSION_TTL_MS,
      });
      const taken = await counter.takeAtCounter({
        handoffId: handoff.id,
        staffAccountId: staff.id,
        at: clock(),
        session: session.record,
        audit: {
          ...staffAudit(municipality, staff, 'counter.take', application.id, ip),
          detail: { direction: 'to_counter' },
        },
      });
      if (!taken)
        throw new AppError('conflict', 'this handoff was already used', claim.token ? 'token' : 'code');
      return {
        token: session.token,
        expiresAt: session.expiresAt,
        view: await this.takenView(municipality, application),
      };
    },

    /** What the clerk sees of the application just taken, and where the tablet continues. */
    async takenView(municipality: MunicipalityRef, application: ApplicationRow): Promise<C.CounterTaken> {
      const group = await deps.published.version(
        municipality.id,
        application.procedureGroupId,
        application.configurationVersion,
      );
      const view = applicationView(application, municipality.code, group);
      const answers = await applications.answers(application.id);
      const get = (code: string) => {
        const v = answers.find((a) => a.standard_item_code === code && a.sequence === 1)?.value;
        return typeof v === 'string' ? v : '';
      };
      const name = [get('applicant_last_name'), get('applicant_first_name')].filter(Boolean).join(' ');
      return {
        application_id: application.id,
        status: view.status,
        current_step: view.current_step,
        procedure_group_name: view.procedure_group_name,
        procedures: view.procedures.map((p) => ({ id: p.id, name: p.name, ...(p.en ? { en: p.en } : {}) })),
        applicant_name: name || null,
        updated_at: view.updated_at,
        continue_path: `${deps.webBase}/municipalities/${municipality.code}/applications/${application.id}/${continueScreen(application.currentStep)}`,
      };
    },

    /** Staff start a new application at the counter: a counter session for a stand-in applicant. */
    async start(municipality: MunicipalityRef, staff: Staff, ip: string) {
      const standIn = await counter.counterApplicant(`${COUNTER_SUBJECT}${randomUUID()}`);
      const session = deps.sessions.prepare({
        kind: 'applicant',
        subjectId: standIn,
        municipalityId: municipality.id,
        data: sessionData(municipality, binding(staff, null)),
        ttlMs: COUNTER_SESSION_TTL_MS,
      });
      await counter.startSession(session.record, staffAudit(municipality, staff, 'counter.start', null, ip));
      return {
        token: session.token,
        expiresAt: session.expiresAt,
        view: {
          continue_path: `${deps.webBase}/municipalities/${municipality.code}`,
          expires_at: session.expiresAt.toISOString(),
        },
      };
    },

    /** A signed-in resident takes over an application started at the counter; it becomes theirs. */
    async claim(municipality: MunicipalityRef, session: SessionRecord, claim: Claim, ip: string) {
      const handoff = await live(municipality.id, claim, 'to_resident');
      const application = await draft(municipality.id, handoff.applicationId);
      const owner = await counter.subjectOf(application.applicantId);
      if (!owner?.startsWith(COUNTER_SUBJECT)) throw conflict('this application already has its resident');
      try {
        const taken = await counter.takeByResident({
          handoffId: handoff.id,
          applicationId: application.id,
          fromApplicantId: application.applicantId,
          toApplicantId: session.subjectId,
          at: clock(),
          audit: {
            municipalityId: municipality.id,
            actorKind: 'applicant',
            actorId: session.subjectId,
            action: 'counter.claim',
            targetType: 'application',
            targetId: application.id,
            ip,
          },
        });
        if (!taken)
          throw new AppError('conflict', 'this handoff was already used', claim.token ? 'token' : 'code');
      } catch (error) {
        if (error instanceof HandoffRolledBack) throw conflict('the application could not be handed over');
        throw error;
      }
      const moved = await applications.find(municipality.id, application.id);
      const group = await deps.published.version(
        municipality.id,
        moved!.procedureGroupId,
        moved!.configurationVersion,
      );
      return applicationView(moved!, municipality.code, group);
    },

    /** The clerk records the identity document seen; it stands instead of the card (this session only). */
    async identify(
      open: OpenApplication,
      session: SessionRecord | null,
      document: C.CounterIdentityDocument,
    ) {
      const c = counterOf(session);
      if (!c) throw forbidden('the identity check at the counter is made in a counter session');
      const check: StoredCounterCheck = {
        staff_account_id: c.staff_account_id,
        staff_name: c.staff_name,
        identity_document: document,
        checked_at: clock().toISOString(),
        session_started_at: c.started_at,
      };
      const { application } = open;
      const identification = {
        ...((application.identification ?? {}) as Record<string, unknown>),
        counter: check,
      };
      const updated = await applications.update(
        application.id,
        { identification, currentStep: stepAfterIdentification(application.currentStep) },
        clock(),
      );
      return counterCheckOf(updated, c)!;
    },

    /**
     * An application the clerk sent at the counter (the identity check it was sent with is theirs), with
     * its reference numbers: the counter screen shows them after the send. Anything else is 404.
     */
    async submitted(
      municipality: MunicipalityRef,
      staff: Staff,
      applicationId: string,
    ): Promise<C.CounterSubmitted> {
      const application = await applications.find(municipality.id, applicationId);
      const check = (application?.identification as { counter?: StoredCounterCheck } | null)?.counter;
      if (!application || application.status === 'draft' || check?.staff_account_id !== staff.id) {
        throw notFound('application');
      }
      const [group, documents] = await Promise.all([
        deps.published.version(
          municipality.id,
          application.procedureGroupId,
          application.configurationVersion,
        ),
        applications.documentsOf([application.id]),
      ]);
      const view = applicationView(application, municipality.code, group, { documents });
      return {
        application_id: application.id,
        procedure_group_name: view.procedure_group_name,
        submitted_at: view.submitted_at ?? view.updated_at,
        procedures: view.procedures.flatMap((p) =>
          p.reference_number
            ? [
                {
                  id: p.id,
                  name: p.name,
                  ...(p.en ? { en: p.en } : {}),
                  reference_number: p.reference_number,
                },
              ]
            : [],
        ),
      };
    },

    /** This browser's counter session, for the banner and the counter's identity check. */
    async view(municipality: MunicipalityRef, session: SessionRecord | null): Promise<C.CounterSessionView> {
      const c = counterOf(session);
      if (!c || !session) return { counter: null };
      const application = c.application_id
        ? await applications.find(municipality.id, c.application_id)
        : null;
      return {
        counter: {
          staff_name: c.staff_name,
          application_id: c.application_id,
          municipality_code: municipality.code,
          started_at: c.started_at,
          expires_at: session.expiresAt.toISOString(),
          identity_check: application ? counterCheckOf(application, c) : null,
        },
      };
    },
  };
}
export type CounterService = ReturnType<typeof createCounterService>;
