import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { demoData } from './db/seed/demo-data.js';
import { isEmpty, seedDemo } from './db/seed/seed.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
if (config.seedDemo && (await isEmpty(database))) await seedDemo(database, demoData);

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config, database, webRoot });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `portal ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
    `(${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
