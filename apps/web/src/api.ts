// The one call the shell makes: the applicant home of a municipality (spec §7, GET /).
import type { MunicipalityHome } from '@portal/contracts';

export type MunicipalityHomeData = ReturnType<typeof MunicipalityHome.parse>;

export type LoadResult = { ok: true; data: MunicipalityHomeData } | { ok: false; detail: string };

/** The header every call carries with the municipality code (spec §7). */
export const REGION_HEADER = 'X-Region-Code';

export function municipalityHomeUrl(code: string): string {
  return `/api/municipalities/${encodeURIComponent(code)}/`;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loads and checks the home of a municipality; rejects only when aborted. The contract schemas (zod)
 * load as a separate chunk, in parallel with the request, so the shell itself stays small.
 */
export async function fetchMunicipalityHome(code: string, signal?: AbortSignal): Promise<LoadResult> {
  const contracts = import('@portal/contracts');
  contracts.catch(() => undefined); // handled below; avoids an unhandled rejection if the request fails first
  let response: Response;
  try {
    response = await fetch(municipalityHomeUrl(code), {
      headers: { Accept: 'application/json', [REGION_HEADER]: code },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, detail: describe(error) };
  }
  const body: unknown = await response.json().catch(() => undefined);
  let schemas: Awaited<typeof contracts>;
  try {
    schemas = await contracts;
  } catch (error) {
    return { ok: false, detail: describe(error) };
  }
  if (signal?.aborted) throw signal.reason;
  if (!response.ok) {
    const parsed = schemas.ErrorBody.safeParse(body);
    const messages = parsed.success ? parsed.data.errors.map((e) => e.message).join(' / ') : '';
    return { ok: false, detail: `HTTP ${response.status}${messages ? ` — ${messages}` : ''}` };
  }
  const parsed = schemas.MunicipalityHome.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, detail: 'Parse Error' };
}
