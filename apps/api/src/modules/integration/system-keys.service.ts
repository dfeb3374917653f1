import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { SYSTEM_KEY_MAX_DAYS } from '@portal/contracts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import { addressAllowed, type SystemKeyContext } from './system-keys.policy.js';
import type { SystemKeyRepository, SystemKeyRow } from './system-keys.repository.js';

/** Where an administrator's call came from (the audit log's municipality and address). */
export interface Origin {
  municipality: MunicipalityRef;
  ip: string | null;
}

const TOKEN_PREFIX = 'psk_';
/** How many uses the administrators' screen shows. */
const USES_SHOWN = 50;
const MAX_LIFETIME_MS = SYSTEM_KEY_MAX_DAYS * 24 * 3600 * 1000;

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

// A token is 256 random bits: sha256 alone resists guessing, and each call is checked without a slow hash.
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function viewOf(row: SystemKeyRow): z.input<typeof C.SystemKey> {
  return {
    id: row.id,
    name: row.name,
    procedure_codes: row.procedureCodes,
    access: row.access as C.SystemKeyAccess,
    expires_at: row.expiresAt.toISOString(),
    allowed_cidrs: row.allowedCidrs,
    key_prefix: row.keyPrefix,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    webhook_url: row.webhookUrl,
    version: row.version,
  };
}

const staleKey = () => conflict('the key was changed by someone else: reload it');
const unauthenticated = (message: string) => new AppError('unauthenticated', message, 'Authorization');

/** API keys of core systems: created and revoked by administrators, checked on every system call. */
export function createSystemKeyService(deps: {
  keys: SystemKeyRepository;
  /** Procedure codes of a municipality (a key names only existing ones). */
  procedureCodes: (municipalityId: number) => Promise<string[]>;
  /** Refuses (400, field webhook_url) an address webhooks may not go to here (webhook-target.ts). */
  checkWebhookUrl: (url: string) => Promise<void>;
  clock: () => Date;
}) {
  const { keys, clock } = deps;
  const staffAudit = (
    origin: Origin,
    staff: StaffIdentity,
    action: AuditEntry['action'],
    id: string,
    name: string,
  ): AuditEntry => ({
    municipalityId: origin.municipality.id,
    actorKind: 'staff',
    actorId: staff.id,
    action,
    targetType: 'system_key',
    targetId: id,
    detail: { name },
    ip: origin.ip,
  });

  return {
    async list(municipalityId: number) {
      return { keys: (await keys.list(municipalityId)).map(viewOf) };
    },

    /** A new key; its token is in this answer only. */
    async create(origin: Origin, staff: StaffIdentity, body: z.output<typeof C.CreateSystemKeyRequest>) {
      const now = clock();
      const expiresAt = new Date(body.expires_at);
      if (expiresAt <= now || expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS) {
        throw new AppError('validation_failed', 'the expiry must be in the next two years', 'expires_at');
      }
      const known = new Set(await deps.procedureCodes(origin.municipality.id));
      const unknown = body.procedure_codes.filter((c) => !known.has(c));
      if (unknown.length > 0) {
        throw new AppError(
          'validation_failed',
          `unknown procedures: ${unknown.join(', ')}`,
          'procedure_codes',
        );
      }
      const webhookUrl = body.webhook_url ?? null;
      if (webhookUrl) await deps.checkWebhookUrl(webhookUrl);
      const webhookSecret = webhookUrl ? newWebhookSecret() : null;
      const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const row = await keys.create(
        {
          municipalityId: origin.municipality.id,
          name: body.name,
          procedureCodes: [...new Set(body.procedure_codes)],
          access: body.access,
          expiresAt,
          allowedCidrs: body.allowed_cidrs,
          secretHash: hashToken(token),
          keyPrefix: token.slice(0, TOKEN_PREFIX.length + 8),
          createdBy: staff.id,
          createdAt: now,
          webhookUrl,
          webhookSecret,
        },
        (id) => staffAudit(origin, staff, 'system_key.create', id, body.name),
      );
      return { ...viewOf(row), webhook_secret: webhookSecret, token };
    },

    /** The key's latest uses from the audit log, newest first; another municipality's key is not found. */
    async uses(municipalityId: number, id: string) {
      if (!(await keys.find(municipalityId, id))) throw notFound('system key');
      const rows = await keys.uses(municipalityId, id, USES_SHOWN);
      return {
        uses: rows.map((r) => ({
          at: r.at.toISOString(),
          action: r.action,
          reference_number: r.referenceNumber,
          address: r.ip,
        })),
      };
    },

    /** Revokes a key from the version read (stale: 409); revoking a revoked key changes nothing more. */
    async revoke(origin: Origin, staff: StaffIdentity, id: string, version: number) {
      const found = await keys.find(origin.municipality.id, id);
      if (!found) throw notFound('system key');
      if (found.version !== version) throw staleKey();
      if (found.revokedAt) return viewOf(found);
      const row = await keys.revoke(
        { municipalityId: origin.municipality.id, id, version, at: clock() },
        staffAudit(origin, staff, 'system_key.revoke', id, found.name),
      );
      if (!row) throw staleKey();
      return viewOf(row);
    },

    /**
     * Sets or clears the key's webhook address from the version read (stale: 409, revoked: 409). A first
     * address makes the signing secret, answered this once; later changes keep it (answered null).
     */
    async setWebhook(
      origin: Origin,
      staff: StaffIdentity,
      id: string,
      body: z.output<typeof C.SetSystemKeyWebhookRequest>,
      version: number,
    ) {
      const found = await keys.find(origin.municipality.id, id);
      if (!found) throw notFound('system key');
      if (found.version !== version) throw staleKey();
      if (found.revokedAt) throw conflict('the key is revoked');
      if (body.webhook_url) await deps.checkWebhookUrl(body.webhook_url);
      const secret = body.webhook_url && !found.webhookSecret ? newWebhookSecret() : undefined;
      const row = await keys.setWebhook(
        { municipalityId: origin.municipality.id, id, version, url: body.webhook_url, secret },
        staffAudit(origin, staff, 'system_key.webhook', id, found.name),
      );
      if (!row) throw staleKey();
      return { ...viewOf(row), webhook_secret: secret ?? null };
    },

    /**
     * The key of `Authorization: Bearer <token>` for a call to a municipality's system routes: unknown,
     * revoked or expired 401; another municipality's, or from an address outside its list, 403.
     */
    async authenticate(input: {
      authorization: string | undefined;
      ip: string | null;
      municipalityId: number;
    }): Promise<SystemKeyContext> {
      const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(input.authorization ?? '');
      if (!match) throw unauthenticated('send Authorization: Bearer <API key>');
      const row = await keys.byHash(hashToken(match[1]!));
      const now = clock();
      if (!row || row.revokedAt) throw unauthenticated('this API key is unknown or revoked');
      if (row.expiresAt <= now) throw unauthenticated('this API key has expired');
      if (row.municipalityId !== input.municipalityId) {
        throw forbidden('this API key belongs to another municipality');
      }
      if (!addressAllowed(row.allowedCidrs, input.ip)) {
        throw forbidden('this API key is not accepted from this address');
      }
      await keys.touch(row.id, now);
      return {
        id: row.id,
        municipalityId: row.municipalityId,
        name: row.name,
        procedureCodes: row.procedureCodes,
        access: row.access as SystemKeyContext['access'],
        ip: input.ip,
      };
    },
  };
}
export type SystemKeyService = ReturnType<typeof createSystemKeyService>;
