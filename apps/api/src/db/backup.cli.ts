import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup } from './backup.js';
import { exitIfRefused, notEmbedded, timestamp } from './backup-format.js';

// npm run backup [-- <file.tar | folder/>]: the embedded databases and files of DATA_DIR in one tar file
// (default portal-backup-<time>.tar in the folder npm was run from). The server must be stopped.
const config = loadConfig();
const refusal = notEmbedded(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const args = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: {} });
  } catch {
    return undefined;
  }
})();
if (!args || args.positionals.length > 1) {
  console.error('usage: npm run backup -- [file.tar | folder/]');
  process.exit(1);
}
const arg = args.positionals[0] ?? '.';
// Relative paths are taken from where npm was run, as DATA_DIR is (config.ts).
const given = resolve(process.env.INIT_CWD || process.cwd(), arg);
const folder = arg.endsWith('/') || arg.endsWith(sep) || (existsSync(given) && statSync(given).isDirectory());
const out = folder ? join(given, `portal-backup-${timestamp(new Date())}.tar`) : given;
const manifest = await createBackup({ dataDir: config.dataDir, out }).catch(exitIfRefused);
const megabytes = (statSync(out).size / 1e6).toFixed(1);
console.log(
  `backup written: ${out} (${megabytes} MB; databases: ${manifest.databases.map((d) => d.folder).join(', ')}; ` +
    `${manifest.files.count} files; from ${config.dataDir})`,
);
