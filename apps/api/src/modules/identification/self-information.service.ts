import { randomBytes } from 'node:crypto';
import { selfInformationStates, type SelfInformationStatus } from '@portal/contracts';
import { AppError, conflict } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import type { IdentificationRepository, SelfInformationRow as Row } from './identification.repository.js';
import { stepAfterIdentification } from './identification.state.js';

const SESSION_TTL_MS = 10 * 60_000;

/** Self-information items the portal reports, and the standard items they prefill. */
const prefillMap: Record<string, string> = {
  last_name: 'applicant_last_name',
  first_name: 'applicant_first_name',
  last_name_kana: 'applicant_last_name_kana',
  first_name_kana: 'applicant_first_name_kana',
  birth_date: 'applicant_birth_date',
  sex: 'applicant_sex',
  postal_code: 'applicant_postal_code',
  address: 'applicant_address',
  phone: 'applicant_phone',
};

/**
 * The national personal portal route (マイナポータル自己情報取得): create a session at the portal,
 * send the resident there, poll its status, fetch the result once; the data prefills the form.
 */
export function createSelfInformationService(deps: {
  identification: IdentificationRepository;
  applications: ApplicationRepository;
  portalUrl: string;
  publicUrl: string;
  clock: () => Date;
  fetch?: typeof fetch;
}) {
  const { identification, applications, clock } = deps;
  const http = deps.fetch ?? fetch;

  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await http(`${deps.portalUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new AppError('unavailable', `the personal portal answered ${res.status}`);
    return (await res.json()) as T;
  }

  const latest = (applicationId: string) => identification.latestSelfInformation(applicationId);

  async function move(row: Row, to: SelfInformationStatus, patch: Partial<Row> = {}): Promise<Row> {
    assertTransition(selfInformationStates, row.status as SelfInformationStatus, to);
    const moved = await identification.moveSelfInformation(row, { status: to, updatedAt: clock(), ...patch });
    if (!moved) throw conflict('the personal portal session changed meanwhile; ask for its status again');
    return moved;
  }

  const view = (row: Row | null, redirect: string | null = null) => ({
    status: (row?.status ?? 'created') as SelfInformationStatus,
    redirect_url: row?.status === 'authorizing' ? redirect : null,
  });

  /** Prefills answers the resident has not given yet, and records the route as identification. */
  async function apply(open: OpenApplication, info: Record<string, unknown>) {
    const stored = new Set(
      (await applications.answers(open.application.id)).map((v) => v.standard_item_code),
    );
    const values = Object.entries(prefillMap)
      .filter(([key, code]) => typeof info[key] === 'string' && !stored.has(code))
      .map(([key, code]) => ({ standard_item_code: code, sequence: 1, value: info[key] as string }));
    if (values.length > 0) await applications.saveAnswers(open.application.id, values, [], clock());
    const identification = {
      ...((open.application.identification ?? {}) as Record<string, unknown>),
      mynaportal: { fetched_at: clock().toISOString() },
    };
    await applications.update(
      open.application.id,
      { identification, currentStep: stepAfterIdentification(open.application.currentStep) },
      clock(),
    );
  }

  return {
    async status(open: OpenApplication) {
      let row = await latest(open.application.id);
      if (!row) return view(null);
      if (row.status === 'authorizing' || row.status === 'ready') {
        if (row.expiresAt <= clock()) return view(await move(row, 'expired'));
        const redirect = (row.result as { authorize_url?: string } | null)?.authorize_url ?? null;
        const remote = await call<{ status: string }>(`/api/sessions/${row.externalSessionId}/status`).catch(
          () => null,
        );
        if (row.status === 'authorizing' && remote?.status !== 'ready') return view(row, redirect);
        if (row.status === 'authorizing') row = await move(row, 'ready');
        const result = await call<{ self_information: Record<string, unknown> }>(
          `/api/sessions/${row.externalSessionId}/result`,
        );
        await apply(open, result.self_information);
        row = await move(row, 'fetched', { result: { self_information: result.self_information } });
      }
      return view(row);
    },

    /** `authorizing` starts a new session at the portal; `failed` abandons the current one. */
    async update(open: OpenApplication, status: SelfInformationStatus) {
      if (!open.group.config.disclosure.use_mynaportal)
        throw conflict('this procedure group does not use the personal portal');
      if (status === 'authorizing') {
        const state = randomBytes(24).toString('base64url');
        const created = await call<{ session_id: string; authorize_url: string }>('/api/sessions', {
          method: 'POST',
          body: JSON.stringify({
            redirect_uri: `${deps.publicUrl}/mynaportal/getting_self_information`,
            state,
          }),
        });
        const inserted = await identification.insertSelfInformation({
          applicationId: open.application.id,
          status: 'created',
          state,
          externalSessionId: created.session_id,
          result: { authorize_url: created.authorize_url },
          expiresAt: new Date(clock().getTime() + SESSION_TTL_MS),
        });
        const row = await move(inserted, 'authorizing');
        return view(row, created.authorize_url);
      }
      const row = await latest(open.application.id);
      if (!row) throw new AppError('validation_failed', 'no personal portal session to change', 'status');
      return view(await move(row, status));
    },
  };
}
export type SelfInformationService = ReturnType<typeof createSelfInformationService>;
