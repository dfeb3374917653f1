import type { FastifyContextConfig } from 'fastify';
import type { RouteId } from '@portal/contracts';

/**
 * Routes that try a secret share a counter per client address and family (issue 13): one address cannot
 * lock every account or card by guessing through them. The plugin is plugins/address-limit.ts.
 */
export const ADDRESS_LIMIT_FAMILIES = [
  'staff-sign-in',
  'operator-sign-in',
  'password-reset-request',
  'password-reset',
  'invitation',
  'card-pin',
] as const;
export type AddressLimitFamily = (typeof ADDRESS_LIMIT_FAMILIES)[number];

export interface AddressLimit {
  family: AddressLimitFamily;
  /** Count answers below 400 too: for a route that answers alike whether or not anything matched. */
  countSuccesses?: boolean;
}

/** The route table's limited routes; other routes declare theirs with `addressLimited` in their config. */
const routeLimits: Partial<Record<RouteId, AddressLimit>> = {
  'staff.login': { family: 'staff-sign-in' },
  'operator.login': { family: 'operator-sign-in' },
  'staff.password_reset.request': { family: 'password-reset-request', countSuccesses: true },
  'staff.password_reset.confirm': { family: 'password-reset' },
  // Opening a mailed link tries its token (decision 0044).
  'staff.password_reset.open': { family: 'password-reset' },
  'staff.invitation.open': { family: 'invitation' },
  // Accepting an invitation sets the new account's password.
  'staff.accounts.create': { family: 'invitation' },
};

/** The limit a route of the table is under, or null (the OpenAPI document names its 401). */
export const routeAddressLimit = (id: string): AddressLimit | null => routeLimits[id as RouteId] ?? null;

/** Route config of a route outside the route table (the stand-ins' PIN forms). */
export const addressLimited = (family: AddressLimitFamily): FastifyContextConfig => ({
  addressLimit: { family },
});

/** The limit a route is under, or null. */
export function addressLimitOf(config: FastifyContextConfig): AddressLimit | null {
  const id = config.routeDef?.id as RouteId | undefined;
  return (id ? routeLimits[id] : undefined) ?? config.addressLimit ?? null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `addressLimited`. */
    addressLimit?: AddressLimit;
  }
}
