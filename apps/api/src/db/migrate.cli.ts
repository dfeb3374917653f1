import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open.js';

// npm run db:migrate: applies pending migrations to the configured database.
const database = await openConfiguredDatabase(loadConfig());
await database.close();
console.log('migrations applied');
