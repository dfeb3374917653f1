import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { restoreBackup } from './backup-restore.js';
import { exitIfRefused, notEmbedded } from './backup-format.js';

// npm run restore -- <file.tar> [--force]: replaces DATA_DIR with a backup; --force moves a non-empty
// DATA_DIR aside first. The server must be stopped.
const config = loadConfig();
const refusal = notEmbedded(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const args = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  } catch {
    return undefined;
  }
})();
if (!args || args.positionals.length !== 1) {
  console.error('usage: npm run restore -- <backup file> [--force]');
  process.exit(1);
}
// Relative paths are taken from where npm was run, as DATA_DIR is (config.ts).
const file = resolve(process.env.INIT_CWD || process.cwd(), args.positionals[0]!);
const { manifest, movedAside } = await restoreBackup({
  file,
  dataDir: config.dataDir,
  force: args.values.force ?? false,
}).catch(exitIfRefused);
console.log(`restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir}`);
if (movedAside) console.log(`the data folder it replaced is kept in ${movedAside}`);
