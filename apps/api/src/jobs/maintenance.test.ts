import { describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../testing/databases.js';
import { purgeExpired } from './maintenance.js';

describe.each(databaseKinds)('housekeeping on %s', (kind) => {
  it('removes sign-in counters a day past their window and keeps recent ones', async () => {
    const database = await createTestDatabase(kind);
    try {
      const now = new Date('2026-11-25T12:00:00Z');
      await database.executeSql(
        `insert into sign_in_attempts (key, failures, window_start) values
           ('address:203.0.113.1:staff-sign-in', 3, $1), ('staff:1:a@example.jp', 2, $2)`,
        [
          new Date(now.getTime() - 25 * 3600_000).toISOString(),
          new Date(now.getTime() - 600_000).toISOString(),
        ],
      );
      await purgeExpired(database, now);
      const { rows } = await database.executeSql('select key from sign_in_attempts order by key', []);
      expect(rows).toEqual([{ key: 'staff:1:a@example.jp' }]);
    } finally {
      await database.dispose();
    }
  });
});
