import { randomBytes } from 'node:crypto';
import { selfInformationStates, type SelfInformationStatus } from '@portal/contracts';
import { AppError, conflict } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import type { IdentificationRepository, SelfInformationRow as Row } from './identification.repository.js';
import { stepAfterIdentification } from './identification.state.js';
import type { FunnelService } from '../funnel/funnel.service.js';

const SESSION_TTL_MS = 10 * 60_000;

/**
 * The national personal portal route (マイナポータル自己情報取得): create a session at the portal,
 * send the resident there, poll its status, fetch the result once. The result is kept on the session and
 * prefills the form as `mynaportal.x` claims (mynaportal-claims.ts, the form service).
 */
/**
 * One call to the personal portal. Whatever keeps its answer away (refused connection, timeout, an error
 * status, a body that is not JSON) is 503 `unavailable`: the resident may try again or identify another way.
 */
export async function callPortal<T>(http: typeof fetch, url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await http(url, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new AppError('unavailable', `the personal portal did not answer (${(err as Error).name})`);
  }
  if (!res.ok) throw new AppError('unavailable', `the personal portal answered ${res.status}`);
  try {
    return (await res.json()) as T;
  } catch {
    throw new AppError('unavailable', 'the personal portal answered something that is not JSON');
  }
}

export function createSelfInformationService(deps: {
  identification: IdentificationRepository;
  applications: ApplicationRepository;
  portalUrl: string;
  publicUrl: string;
  /** Counts the steps residents reach (decision 0053). */
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
  fetch?: typeof fetch;
}) {
  const { identification, applications, clock } = deps;
  const http = deps.fetch ?? fetch;

  const call = <T>(path: string, init?: RequestInit) => callPortal<T>(http, `${deps.portalUrl}${path}`, init);

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

  /** Records the route as identification (the form reads the fetched result as prefill claims). */
  async function identified(open: OpenApplication) {
    const identification = {
      ...((open.application.identification ?? {}) as Record<string, unknown>),
      mynaportal: { fetched_at: clock().toISOString() },
    };
    await applications.update(
      open.application.id,
      { identification, currentStep: stepAfterIdentification(open.application.currentStep) },
      clock(),
    );
    await deps.funnel.reach(open.application, 'form');
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
        await identified(open);
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
