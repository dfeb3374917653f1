import pg from 'pg';

/** Names one Vitest run, for the PostgreSQL templates its workers share (set by the global setup). */
export const TEST_RUN_VARIABLE = 'PORTAL_TEST_RUN';

/** The start of every template database name of a run. */
export const templatePrefix = (run: string) => `portal_tpl_${run}_`;

/** Runs `work` on a connection to the test server's admin database, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The connection string of database `name` on the admin database's server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
