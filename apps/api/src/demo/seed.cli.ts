import { exitIfBusy } from '../db/data-lock.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { openConfiguredStagingDatabase } from '../db/staging.js';
import { demoData } from './demo-data.js';
import { seedCounts, seedDemo } from './seed.js';

// npm run db:seed: loads the demo data (idempotent) into the configured database and into staging's.
const config = loadConfig();
for (const [name, open] of [
  ['production', openConfiguredDatabase],
  ['staging', openConfiguredStagingDatabase],
] as const) {
  const database = await open(config).catch(exitIfBusy);
  await seedDemo(database, demoData);
  console.log(`demo data loaded (${name})`, await seedCounts(database));
  await database.close();
}
