import type { Database } from '../db/client.js';

/** Row count of every table of the public schema: proof that a refused call touched nothing. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.executeSql(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows as { table_name: string }[]) {
    const r = await database.executeSql(`select count(*)::int as n from "${table_name}"`);
    out[table_name] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}
