import { backupCommand, givenPath } from './backup-cli.js';
import { restoreBackup } from './backup-restore.js';
import { exitIfRefused } from './backup-format.js';

// npm run restore -- <file.tar> [--force]: replaces DATA_DIR with a backup; --force moves a non-empty
// DATA_DIR aside first. The server must be stopped.
const { config, paths, force } = backupCommand(
  'npm run restore -- <backup file> [--force]',
  true,
  (n) => n === 1,
);
const file = givenPath(paths[0]!);
const { manifest, movedAside } = await restoreBackup({
  file,
  dataDir: config.dataDir,
  force,
}).catch(exitIfRefused);
console.log(`restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir}`);
if (movedAside) console.log(`the data folder it replaced is kept in ${movedAside}`);
