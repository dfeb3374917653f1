// The national personal portal route (マイナポータル自己情報取得). The portal sends the resident back to
// /mynaportal/getting_self_information, outside the application's address, so the application is
// remembered in this tab's sessionStorage before the resident leaves.
import type { ApiResult } from '../../lib/api';

export type SelfInformationStatus = ApiResult<'applicant.self_information.get'>['status'];

const KEY = 'portal.mynaportal';

export interface PortalReturn {
  code: string;
  applicationId: string;
  startedAt: number;
}

export function rememberPortalReturn(
  value: Omit<PortalReturn, 'startedAt'>,
  now = Date.now(),
  storage = store(),
) {
  storage?.setItem(KEY, JSON.stringify({ ...value, startedAt: now }));
}

export function readPortalReturn(storage = store()): PortalReturn | null {
  try {
    const v = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<PortalReturn> | null;
    if (
      v &&
      typeof v.code === 'string' &&
      /^\d{6}$/.test(v.code) &&
      typeof v.applicationId === 'string' &&
      /^[0-9a-f-]{36}$/i.test(v.applicationId)
    ) {
      return { code: v.code, applicationId: v.applicationId, startedAt: Number(v.startedAt) || 0 };
    }
  } catch {
    // a damaged value is the same as none
  }
  return null;
}

export function forgetPortalReturn(storage = store()) {
  storage?.removeItem(KEY);
}

function store(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** How long the getting screen polls before it gives up (the portal session itself lasts 10 minutes). */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 3 * 60_000;

/** What the getting screen does for a status: keep polling, go on to the form, or show the error. */
export function nextMove(status: SelfInformationStatus): 'poll' | 'done' | 'error' {
  if (status === 'fetched') return 'done';
  if (status === 'failed' || status === 'expired') return 'error';
  return 'poll';
}

/** The reasons the error screen explains (`/mynaportal/error?reason=`). */
export const portalErrorReasons = ['failed', 'expired', 'denied', 'timeout', 'lost'] as const;
export type PortalErrorReason = (typeof portalErrorReasons)[number];

export function portalErrorReason(value: unknown): PortalErrorReason {
  return portalErrorReasons.includes(value as PortalErrorReason) ? (value as PortalErrorReason) : 'failed';
}
