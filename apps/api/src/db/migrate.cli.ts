import { exitIfBusy } from './data-lock.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open.js';
import { openConfiguredStagingDatabase } from './staging.js';

// npm run db:migrate: applies pending migrations to the configured database and to staging's.
const config = loadConfig();
const database = await openConfiguredDatabase(config).catch(exitIfBusy);
const staging = await openConfiguredStagingDatabase(config, database).catch(exitIfBusy);
await database.close();
await staging.close();
console.log(
  `migrations applied (production and staging; ${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
);
