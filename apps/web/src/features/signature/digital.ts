// The digital signature through the signing app (the miid route): render the documents, register a sign
// transaction over their digests, keep where to come back, and go to the app by deep link. The app
// returns through the API's callback to /miid/temporary/signatureRedirectScreen?signing_id=...
import { api } from '../../lib/api';
import { apiPrefixOf } from '../../lib/api/client';
import { pageEnvironment } from '../../lib/api/default-client';
import { waitForJob } from '../../lib/application/render-job';

/** Renders the application's documents for signing and registers a sign transaction for `procedureIds`. */
export async function startSigning(
  code: string,
  applicationId: string,
  procedureIds: readonly number[],
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void } = {},
) {
  const job = await api('applicant.render.create', {
    params: { code, applicationId },
    body: { use_signature_digital_certificate: true },
    signal: opts.signal,
  });
  const done = await waitForJob(code, applicationId, job, opts);
  const documents = done.documents
    .filter((d) => procedureIds.includes(d.procedure_id))
    .map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 }));
  if (documents.length === 0) throw new Error('no document to sign');
  return api('applicant.signature.deeplink', {
    params: { code, applicationId },
    body: { application_documents: documents },
    signal: opts.signal,
  });
}

/** Where the resident comes back to after the signing app, kept in this browser. */
export interface SavedState {
  code: string;
  applicationId: string;
  deepLink: string;
  savedAt: string;
}

const STATE_PREFIX = 'portal.miid.';

/** Storage that may be unavailable (private mode): failures read as nothing stored. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saveState(signingId: string, state: SavedState): boolean {
  try {
    storage()?.setItem(`${STATE_PREFIX}${signingId}`, JSON.stringify(state));
    return storage() !== null;
  } catch {
    return false;
  }
}

export function readState(signingId: string): SavedState | null {
  try {
    const raw = storage()?.getItem(`${STATE_PREFIX}${signingId}`);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedState>;
    if (
      typeof value.code !== 'string' ||
      !/^\d{6}$/.test(value.code) ||
      typeof value.applicationId !== 'string' ||
      typeof value.deepLink !== 'string'
    )
      return null;
    return value as SavedState;
  } catch {
    return null;
  }
}

export function clearState(signingId: string): void {
  try {
    storage()?.removeItem(`${STATE_PREFIX}${signingId}`);
  } catch {
    // nothing stored
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A signing id from the address, or null. */
export const signingIdOf = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);

/** The API callback for a code and state, or null when either is missing or malformed. */
export function callbackUrl(search: { code?: unknown; state?: unknown }): string | null {
  const code = typeof search.code === 'string' ? search.code : null;
  const state = typeof search.state === 'string' ? search.state : null;
  if (!code || !state || code.length > 2000 || state.length > 200) return null;
  return `${apiPrefixOf(pageEnvironment)}/callback/miid/temporary/?${new URLSearchParams({ code, state }).toString()}`;
}
