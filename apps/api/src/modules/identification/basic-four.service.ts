import type { z } from 'zod';
import type { BasicFourInformation } from '@portal/contracts';
import { AppError, conflict } from '../../http/errors.js';
import type { ApplicationRepository, ApplicationRow } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { IdentificationRepository, RegistryResident } from './identification.repository.js';
import {
  allowedRoutes,
  cardSignInOf,
  identifiedBy,
  stepAfterIdentification,
  type IdentificationRecord,
} from './identification.state.js';
import type { FunnelService } from '../funnel/funnel.service.js';

type Part = 'name' | 'birth_date' | 'sex' | 'address';
type Input = z.output<typeof BasicFourInformation>;

interface BasicFourRecord {
  verified_at: string | null;
  mismatched: Part[];
  attempts: number;
}

export const MAX_ATTEMPTS = 5;

/** Compares as a clerk would: width and spacing ignored, every dash the same. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, '')
    .replace(/[‐‑‒–—―−ー-]/g, '-');
}

/** Which of the four facts differ from the registry entry (never what the registry holds). */
export function mismatches(input: Input, resident: RegistryResident | null): Part[] {
  if (!resident) return ['name', 'birth_date', 'sex', 'address'];
  const out: Part[] = [];
  if (normalize(input.last_name + input.first_name) !== normalize(resident.lastName + resident.firstName))
    out.push('name');
  if (input.birth_date !== resident.birthDate) out.push('birth_date');
  if (input.sex !== resident.sex) out.push('sex');
  if (input.postal_code !== resident.postalCode || normalize(input.address) !== normalize(resident.address)) {
    out.push('address');
  }
  return out;
}

const recordOf = (application: ApplicationRow): BasicFourRecord | null =>
  ((application.identification ?? {}) as { basic_four?: BasicFourRecord }).basic_four ?? null;

const view = (record: BasicFourRecord | null) => ({
  is_verified: !!record?.verified_at,
  verified_at: record?.verified_at ?? null,
  mismatched: record?.mismatched ?? [],
});

/**
 * Identification by basic four information (基本4情報), checked against the resident registry; and the
 * application's identification record as a whole (allowed routes, the route taken, the card route).
 */
export function createBasicFourService(deps: {
  applications: ApplicationRepository;
  identification: IdentificationRepository;
  /** Counts the steps residents reach (decision 0053). */
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}) {
  const { applications, clock } = deps;

  async function save(application: ApplicationRow, record: BasicFourRecord | null) {
    const identification = { ...((application.identification ?? {}) as Record<string, unknown>) };
    if (record) identification.basic_four = record;
    else delete identification.basic_four;
    // A verified resident goes on to the form: reopening the application continues there.
    const patch = record?.verified_at
      ? { identification, currentStep: stepAfterIdentification(application.currentStep) }
      : { identification };
    const updated = await applications.update(application.id, patch, clock());
    if (record?.verified_at) await deps.funnel.reach(application, 'form');
    return updated;
  }

  function overview(
    application: ApplicationRow,
    config: OpenApplication['group']['config'],
    session: SessionRecord | null,
  ) {
    const record = (application.identification ?? {}) as IdentificationRecord;
    const routes = allowedRoutes(config);
    const done = identifiedBy(record, routes);
    const cardRead = routes.includes('jpki') ? cardSignInOf(session?.data) : null;
    return {
      routes,
      identified_by: done?.route ?? null,
      identified_at: done?.at ?? null,
      card_sign_in_at: cardRead?.toISOString() ?? null,
      basic_four: {
        ...view(recordOf(application)),
        attempts: recordOf(application)?.attempts ?? 0,
        max_attempts: MAX_ATTEMPTS,
      },
    };
  }

  return {
    status: (open: OpenApplication) => view(recordOf(open.application)),

    async verify(open: OpenApplication, input: Input) {
      const { application, group, municipality } = open;
      const d = group.config.disclosure;
      if (!d.use_basic_four_information || !d.identifications.basic_four_information) {
        throw conflict('this procedure group does not accept basic four information');
      }
      const previous = recordOf(application);
      const attempts = (previous?.attempts ?? 0) + 1;
      if (attempts > MAX_ATTEMPTS && !previous?.verified_at) {
        throw new AppError(
          'rate_limited',
          'too many attempts: identify with your My Number Card or at the counter',
        );
      }
      const resident = await deps.identification.residentOf(application.applicantId, municipality.id);
      const mismatched = mismatches(input, resident);
      const record: BasicFourRecord = {
        verified_at: mismatched.length === 0 ? clock().toISOString() : null,
        mismatched,
        attempts,
      };
      await save(application, record);
      return view(record);
    },

    /** The routes the group allows and how the resident identified (GET identification/). */
    overview: (open: OpenApplication, session: SessionRecord | null) =>
      overview(open.application, open.group.config, session),

    /**
     * Records identification by My Number Card: the card read of this sign-in (the identity provider's,
     * with the identity claims) identifies; no second reading (decision 0041).
     */
    async identifyByCard(open: OpenApplication, session: SessionRecord | null) {
      const { application, group } = open;
      if (!allowedRoutes(group.config).includes('jpki')) {
        throw conflict('this procedure group does not accept the My Number Card route');
      }
      const readAt = cardSignInOf(session?.data);
      if (!readAt) {
        throw conflict('sign in with your My Number Card to identify for this application');
      }
      const identification = {
        ...((application.identification ?? {}) as Record<string, unknown>),
        jpki: { identified_at: clock().toISOString(), authenticated_at: readAt.toISOString() },
      };
      const updated = await applications.update(
        application.id,
        { identification, currentStep: stepAfterIdentification(application.currentStep) },
        clock(),
      );
      await deps.funnel.reach(application, 'form');
      return overview(updated, group.config, session);
    },

    async withdraw(open: OpenApplication) {
      await save(open.application, null);
      return view(null);
    },
  };
}
export type BasicFourService = ReturnType<typeof createBasicFourService>;
