import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

/**
 * The secret that signs CSRF tokens. Production sets APP_SECRET; otherwise one is generated once and kept
 * in the database, so every process on the same database agrees without configuration.
 */
export async function resolveAppSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'app_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'));
  const value = rows[0]?.value;
  if (!value) throw new Error('app secret could not be stored');
  return value;
}
