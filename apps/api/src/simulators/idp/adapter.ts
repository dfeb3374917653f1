import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.js';
import { devOidcStore } from '../../db/schema/index.js';

/**
 * oidc-provider's storage (sessions, interactions, codes, tokens, grants) in `dev_oidc_store`, so every
 * process on one database and every restart see the same state. A row's id is `model:id`; rows past
 * their expiry are never returned, and some are swept on writes.
 */
export function drizzleAdapter(db: Db, clock: () => Date = () => new Date()): AdapterConstructor {
  const live = () => or(isNull(devOidcStore.expiresAt), gt(devOidcStore.expiresAt, clock()));
  let writes = 0;

  return class DrizzleOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(clock().getTime() + expiresIn * 1000) : null;
      const row = {
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        expiresAt,
      };
      await db
        .insert(devOidcStore)
        .values({ id: this.key(id), model: this.model, ...row })
        .onConflictDoUpdate({ target: devOidcStore.id, set: row });
      if (++writes % 200 === 0) {
        await db.delete(devOidcStore).where(lt(devOidcStore.expiresAt, clock()));
      }
    }

    private async findWhere(condition: SQL | undefined): Promise<AdapterPayload | undefined> {
      const rows = await db
        .select({ payload: devOidcStore.payload })
        .from(devOidcStore)
        .where(and(condition, live()))
        .limit(1);
      return rows[0]?.payload as AdapterPayload | undefined;
    }

    find(id: string) {
      return this.findWhere(eq(devOidcStore.id, this.key(id)));
    }

    findByUid(uid: string) {
      return this.findWhere(and(eq(devOidcStore.model, this.model), eq(devOidcStore.uid, uid)));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(and(eq(devOidcStore.model, this.model), eq(devOidcStore.userCode, userCode)));
    }

    async consume(id: string): Promise<void> {
      const now = Math.floor(clock().getTime() / 1000);
      await db
        .update(devOidcStore)
        .set({ payload: sql`${devOidcStore.payload} || jsonb_build_object('consumed', ${now}::integer)` })
        .where(eq(devOidcStore.id, this.key(id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(devOidcStore).where(eq(devOidcStore.id, this.key(id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(devOidcStore).where(eq(devOidcStore.grantId, grantId));
    }
  };
}
