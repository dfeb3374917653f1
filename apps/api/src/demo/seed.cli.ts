import { exitIfBusy } from '../db/data-lock.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { openConfiguredStagingDatabase } from '../db/staging.js';
import { demoData } from '@portal/demo';
import { seedCounts, seedDemo } from './seed.js';
import { seedReport } from './seed-report.js';

// npm run db:seed: loads the demo data (idempotent) into the configured database and into staging's,
// and says per environment what it inserted, or that nothing was missing.
const config = loadConfig();
console.log(config.databaseUrl ? 'PostgreSQL database' : `embedded database in ${config.dataDir}`);
for (const [name, open] of [
  ['production', openConfiguredDatabase],
  ['staging', openConfiguredStagingDatabase],
] as const) {
  const database = await open(config).catch(exitIfBusy);
  const before = await seedCounts(database);
  await seedDemo(database, demoData);
  console.log(seedReport(name, before, await seedCounts(database)));
  await database.close();
}
