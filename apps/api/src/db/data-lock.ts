import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Another live process holds the embedded data folder: two PGlite processes on one folder lose writes. */
export class DataFolderBusy extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${folder} is in use by process ${pid}; stop it first, or set DATA_DIR to another folder`,
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<folder>.lock` holding this process's id (issue 13). A lock whose process is gone (killed) is
 * taken over; a live one refuses with {@link DataFolderBusy}. Returns the release (idempotent).
 */
export function lockDataFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataFolderBusy(folder, holder);
    try {
      unlinkSync(file); // its process is gone
    } catch {
      // another process took it over first: the next attempt sees its lock
    }
  }
  throw new Error(`could not lock ${folder}`);
}

/** For the command-line entries: a busy folder is one line on stderr and exit code 1, not a stack trace. */
export function exitIfBusy(error: unknown): never {
  if (error instanceof DataFolderBusy) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
