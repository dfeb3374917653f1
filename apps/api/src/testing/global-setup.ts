// Vitest global setup of the server tests: names the run, then drops the PostgreSQL templates its
// workers made (testing/databases.ts). Workers are started after this and inherit the variable.
import { randomBytes } from 'node:crypto';
import { TEST_RUN_VARIABLE, templatePrefix, withAdmin } from './test-run.js';

export function setup() {
  process.env[TEST_RUN_VARIABLE] ??= `${process.pid}_${randomBytes(3).toString('hex')}`;
}

export async function teardown() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const run = process.env[TEST_RUN_VARIABLE];
  if (!adminUrl || !run) return;
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [templatePrefix(run)],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}
