import { loadConfig } from '../config.js';
import { exitIfBusy } from '../db/data-lock.js';
import { openConfiguredDatabase } from '../db/open.js';
import { openConfiguredStagingDatabase } from '../db/staging.js';
import { parseCommand, usage } from './accounts.args.js';
import { runCommand } from './accounts.commands.js';
import { CommandError } from './command-error.js';
import { readPassword } from './password-input.js';

// npm run accounts -- <command>: the first municipalities, administrators and operators of a deployment
// (README "First accounts"). Bad input is refused before any database is opened.
const parsed = parseCommand(process.argv.slice(2));
if ('errors' in parsed) {
  for (const line of parsed.errors) console.error(line);
  process.exit(1);
}
if (parsed.command.kind === 'help') {
  console.log(usage);
  process.exit(0);
}
const config = loadConfig();
console.log(config.databaseUrl ? 'PostgreSQL database' : `embedded database in ${config.dataDir}`);
// Opened and migrated as db:migrate does; a running server on the embedded database is one line and exit 1.
const production = await openConfiguredDatabase(config).catch(exitIfBusy);
const staging = await openConfiguredStagingDatabase(config, production).catch(async (error: unknown) => {
  await production.close();
  return exitIfBusy(error);
});
try {
  const lines = await runCommand(
    {
      databases: { production, staging },
      publicUrl: config.publicUrl,
      clock: () => new Date(),
      readPassword: () => readPassword('password for the new operator: '),
    },
    parsed.command,
  );
  for (const line of lines) console.log(line);
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  for (const line of error.lines) console.error(line);
  process.exitCode = 1;
} finally {
  await production.close();
  await staging.close();
}
