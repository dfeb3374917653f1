import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderBusy, lockDataFolder } from './data-lock.js';
import { openDatabase } from './client.js';

describe('one process per embedded data folder', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
    dirs.push(dir);
    return join(dir, 'pgdata');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first lives, naming its process', () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataFolder(dir)).toThrow(DataFolderBusy);
    expect(() => lockDataFolder(dir)).toThrow(`is in use by process ${process.pid}`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataFolder(dir)();
  });

  it('takes over the lock of a process that is gone (killed)', () => {
    const dir = folder();
    // A pid far above any pid_max: no such process.
    writeFileSync(`${dir}.lock`, '2147483646\n');
    const release = lockDataFolder(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('holds the folder while PGlite has it open, and frees it on close', async () => {
    const dir = folder();
    const parent = join(dir, '..');
    const database = await openDatabase({ kind: 'pglite', dataDir: parent });
    await expect(openDatabase({ kind: 'pglite', dataDir: parent })).rejects.toThrow(DataFolderBusy);
    await database.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: parent });
    await again.close();
  });
});
