import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

/**
 * A generated value kept in `app_settings` (keys, secrets): made on first use, and the first writer wins,
 * so every process on one database agrees and a restart keeps it.
 */
export async function storedSetting(db: Db, key: string, generate: () => Promise<string>): Promise<string> {
  const found = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (found[0]) return found[0].value;
  await db
    .insert(appSettings)
    .values({ key, value: await generate() })
    .onConflictDoNothing();
  const rows = await db.select().from(appSettings).where(eq(appSettings.key, key));
  const value = rows[0]?.value;
  if (!value) throw new Error(`setting ${key} could not be stored`);
  return value;
}
