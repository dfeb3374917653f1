import { existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { backupCommand, givenPath } from './backup-cli.js';
import { createBackup } from './backup.js';
import { exitIfRefused, timestamp } from './backup-format.js';

// npm run backup [-- <file.tar | folder/>]: the embedded databases and files of DATA_DIR in one tar file
// (default portal-backup-<time>.tar in the folder npm was run from). The server must be stopped.
const { config, paths } = backupCommand('npm run backup -- [file.tar | folder/]', false, (n) => n <= 1);
const arg = paths[0] ?? '.';
const given = givenPath(arg);
const folder = arg.endsWith('/') || arg.endsWith(sep) || (existsSync(given) && statSync(given).isDirectory());
const out = folder ? join(given, `portal-backup-${timestamp(new Date())}.tar`) : given;
const manifest = await createBackup({ dataDir: config.dataDir, out }).catch(exitIfRefused);
const megabytes = (statSync(out).size / 1e6).toFixed(1);
console.log(
  `backup written: ${out} (${megabytes} MB; databases: ${manifest.databases.map((d) => d.folder).join(', ')}; ` +
    `${manifest.files.count} files; from ${config.dataDir})`,
);
