import { PREFILL_CLAIMS } from '@portal/contracts';

/**
 * The self-information the personal portal sent (自己情報) as prefill claims named `mynaportal.x`
 * (decision 0012; the names are PREFILL_CLAIMS.mynaportal): non-blank text only, nothing else it sent.
 */
export function mynaportalClaims(info: unknown): Record<string, string> {
  if (typeof info !== 'object' || info === null) return {};
  const claims: Record<string, string> = {};
  for (const name of PREFILL_CLAIMS.mynaportal) {
    const value = (info as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim() !== '') claims[`mynaportal.${name}`] = value;
  }
  return claims;
}

/** The self-information stored on a fetched portal session's result, or null. */
export function fetchedSelfInformation(row: { status: string; result: unknown } | null): unknown {
  if (row?.status !== 'fetched') return null;
  return (row.result as { self_information?: unknown } | null)?.self_information ?? null;
}
