import { loadConfig } from '../../config.js';
import { openConfiguredDatabase } from '../open.js';
import { demoData } from './demo-data.js';
import { seedCounts, seedDemo } from './seed.js';

// npm run db:seed: loads the demo data (idempotent) into the configured database.
const database = await openConfiguredDatabase(loadConfig());
await seedDemo(database, demoData);
console.log('demo data loaded', await seedCounts(database));
await database.close();
