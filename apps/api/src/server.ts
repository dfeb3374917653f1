import { exitIfBusy } from './db/data-lock.js';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { openConfiguredStagingDatabase } from './db/staging.js';
import { buildPortal } from './environments.js';
import { demoData } from '@portal/demo';
import { isEmpty, seedDemo } from './demo/seed.js';
import { listenFailure } from './listen-failure.js';

/** A full collection where `npm start` allows it (`--expose-gc`), else nothing. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

const config = loadConfig();
let database = await openConfiguredDatabase(config).catch(exitIfBusy);
// Staging (/stg-api) is a second, complete portal on its own database, migrated and seeded alike.
let stagingDatabase = await openConfiguredStagingDatabase(config, database).catch(exitIfBusy);
let seeded = false;
for (const db of [database, stagingDatabase]) {
  if (config.seedDemo && (await isEmpty(db))) {
    await seedDemo(db, demoData);
    seeded = true;
  }
}
// Creating and seeding grows each embedded database's WebAssembly heap for good: reopened, both start as
// small as on any later start (decision 0031).
if (seeded && database.kind === 'pglite') {
  await stagingDatabase.close();
  await database.close();
  collectGarbage();
  database = await openConfiguredDatabase(config).catch(exitIfBusy);
  stagingDatabase = await openConfiguredStagingDatabase(config, database).catch(exitIfBusy);
}

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
const { app } = await buildPortal({ config, database, stagingDatabase, webRoot });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await stagingDatabase.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A port taken (or not ours to take) is one line and exit code 1, not a stack trace.
  const line = listenFailure(error, config.port, config.host);
  if (!line) throw error;
  console.error(line);
  closing = true;
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  await stagingDatabase.close().catch(() => undefined);
  process.exit(1);
}
// The address residents use is PUBLIC_URL: sign-in returns there, so that is the one to open.
app.log.info(
  `portal ready on ${config.publicUrl}/ (listening on ${config.host}:${config.port}; ` +
    `${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}; staging at /stg-api)`,
);
// Creating the embedded databases leaves a few hundred MB of WebAssembly memory that an idle server would
// hold until its next big allocation: collected once now where `npm start` allows it (decision 0031).
collectGarbage();
