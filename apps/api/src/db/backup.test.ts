import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { configuredFileStorage } from '../lib/storage.js';
import { signedInApplicant } from '../testing/applicants.js';
import { createTestDatabase } from '../testing/databases.js';
import { draftApplication } from '../testing/fixtures.js';
import { multipartBody } from '../testing/multipart.js';
import { createBackup } from './backup.js';
import { knownMigrations, notEmbedded, type Manifest } from './backup-format.js';
import { restoreBackup } from './backup-restore.js';
import { openDatabase } from './client.js';
import { DataFolderBusy, lockDataFolder } from './data-lock.js';
import { openConfiguredDatabase } from './open.js';
import { openConfiguredStagingDatabase } from './staging.js';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const stagingProbe = randomBytes(100_000);
const configFor = (dataDir: string) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });

describe('backup and restore of the embedded data folder', { timeout: 300_000 }, () => {
  let root: string;
  let dataDir: string;
  let backup: string;
  let manifest: Manifest;
  let attachment: Record<string, unknown>;
  let attachmentBytes: Buffer;
  /** Where restores go: a fresh name per call, so tests do not depend on each other. */
  let targets = 0;
  const target = () => join(root, `target-${++targets}`);
  /** Leftover temp folders a restore may have written beside its target. */
  const leftovers = () => readdirSync(root).filter((name) => name.includes('.restoring-'));

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    dataDir = join(root, 'data');
    const config = configFor(dataDir);
    // Both environments start from the migrated, seeded test image, on disk under DATA_DIR.
    const seeded = await createTestDatabase('pglite', { seeded: true });
    const image = await seeded.client!.dumpDataDir('none');
    await seeded.dispose();
    const database = await openDatabase({ kind: 'pglite', dataDir, image });
    const staging = await openDatabase({ kind: 'pglite', dataDir, folder: 'pgdata-staging', image });
    const app = await buildApp({ config, database, webRoot: null, configurationTtlMs: 0 });
    await app.ready();
    try {
      const t = {
        app,
        database: { ...database, url: null, dispose: () => database.close() },
        close: app.close,
      };
      const resident = await signedInApplicant(t, 'demo-resident-0001');
      const application = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
      const body = multipartBody(
        { standard_item_code: 'attach_birth_certificate', sequence: '1' },
        { name: 'certificate.pdf', type: 'application/pdf', bytes: pdf },
      );
      const res = await app.inject({
        method: 'POST',
        url: `/api/municipalities/999999/applications/${application.id}/procedure-attaches/`,
        payload: body.payload,
        headers: {
          'content-type': body.contentType,
          'x-region-code': '999999',
          'x-csrf-token': resident.token,
          cookie: resident.jar.header(),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const rows = await database.executeSql('select * from attachments where application_id = $1', [
        application.id,
      ]);
      expect(rows.rows).toHaveLength(1);
      attachment = rows.rows[0]!;
      attachmentBytes = await configuredFileStorage(config).get(String(attachment.storage_key));
      await configuredFileStorage(config, 'staging').put('probe/staging.bin', stagingProbe);
      await staging.executeSql("insert into app_settings (key, value) values ('backup-probe', 'staging')");
    } finally {
      await app.close();
      await database.close();
      await staging.close();
    }
    backup = join(root, 'portal-backup.tar');
    manifest = await createBackup({ dataDir, out: backup });
  }, 300_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('writes one tar with a manifest of both databases and the files', () => {
    expect(manifest).toMatchObject({
      format: 'municipal-portal-backup',
      version: 1,
      databases: [
        { folder: 'pgdata', entry: 'pgdata.tar.gz', migrations: knownMigrations() },
        { folder: 'pgdata-staging', entry: 'pgdata-staging.tar.gz', migrations: knownMigrations() },
      ],
      files: { count: 2, bytes: attachmentBytes.length + stagingProbe.length },
    });
    expect(manifest.pgliteVersion).toMatch(/^\d+\.\d+\.\d+/);
    // The manifest is the first entry, readable without unpacking the rest.
    expect(readFileSync(backup).subarray(0, 13).toString()).toBe('manifest.json');
    expect(
      readdirSync(root).filter((name) => name.startsWith('.portal-backup-') || name.endsWith('.partial')),
    ).toEqual([]);
  });

  it('restores into a fresh folder: the same rows, attachment bytes and staging data', async () => {
    const restored = target();
    const result = await restoreBackup({ file: backup, dataDir: restored });
    expect(result.movedAside).toBeUndefined();
    expect(readdirSync(restored).sort()).toEqual(['files', 'files-staging', 'pgdata', 'pgdata-staging']);
    const config = configFor(restored);
    const database = await openConfiguredDatabase(config);
    const staging = await openConfiguredStagingDatabase(config, database);
    try {
      const rows = await database.executeSql('select * from attachments where id = $1', [attachment.id]);
      expect(rows.rows).toEqual([attachment]);
      const bytes = await configuredFileStorage(config).get(String(attachment.storage_key));
      expect(bytes.equals(attachmentBytes)).toBe(true);
      const probe = await staging.executeSql("select value from app_settings where key = 'backup-probe'");
      expect(probe.rows).toEqual([{ value: 'staging' }]);
      const stagingBytes = await configuredFileStorage(config, 'staging').get('probe/staging.bin');
      expect(stagingBytes.equals(stagingProbe)).toBe(true);
    } finally {
      await database.close();
      await staging.close();
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses a non-empty folder without force, and with it moves the folder aside', async () => {
    const occupied = target();
    mkdirSync(join(occupied, 'files'), { recursive: true });
    writeFileSync(join(occupied, 'files', 'keep.txt'), 'older data');
    await expect(restoreBackup({ file: backup, dataDir: occupied })).rejects.toThrow(
      `${occupied} is not empty: run restore again with --force to move it aside`,
    );
    expect(readdirSync(occupied)).toEqual(['files']);

    const clock = () => new Date(2025, 0, 2, 3, 4, 5);
    const result = await restoreBackup({ file: backup, dataDir: occupied, force: true, clock });
    expect(result.movedAside).toBe(`${occupied}.before-restore-20250102-030405`);
    // The old folder is kept whole, with no lock of ours left in it.
    expect(readdirSync(result.movedAside!)).toEqual(['files']);
    expect(readFileSync(join(result.movedAside!, 'files', 'keep.txt'), 'utf8')).toBe('older data');
    const bytes = await configuredFileStorage(configFor(occupied)).get(String(attachment.storage_key));
    expect(bytes.equals(attachmentBytes)).toBe(true);
    expect(existsSync(join(occupied, 'pgdata.lock'))).toBe(false);
  });

  it('refuses a data folder a server holds, and writes nothing', async () => {
    const before = readdirSync(dataDir).sort();
    const release = lockDataFolder(join(dataDir, 'pgdata'));
    const busy = `the embedded database in ${join(dataDir, 'pgdata')} is in use by process ${process.pid}`;
    try {
      await expect(createBackup({ dataDir, out: join(root, 'never.tar') })).rejects.toThrow(DataFolderBusy);
      await expect(restoreBackup({ file: backup, dataDir, force: true })).rejects.toThrow(busy);
    } finally {
      release();
    }
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(existsSync(join(root, 'never.tar'))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('says a file that is not a backup is not one, and touches no folder', async () => {
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'these are not the files you are looking for\n'.repeat(100));
    const empty = join(root, 'empty.tar');
    writeFileSync(empty, Buffer.alloc(0));
    for (const file of [text, empty]) {
      const dir = target();
      await expect(restoreBackup({ file, dataDir: dir })).rejects.toThrow(
        `${file} is not a portal backup (no valid manifest.json at its start)`,
      );
      expect(existsSync(dir)).toBe(false);
    }
    await expect(restoreBackup({ file: join(root, 'missing.tar'), dataDir: target() })).rejects.toThrow(
      'missing.tar does not exist or is not a file',
    );
  });

  it('says a cut-off or altered backup is damaged, and leaves nothing behind', async () => {
    const whole = readFileSync(backup);
    const cases: [string, Buffer, string][] = [
      ['half.tar', whole.subarray(0, Math.floor(whole.length / 2)), 'Unexpected end of data'],
      ['in-manifest.tar', whole.subarray(0, 700), 'Unexpected end of data'],
      // The last entry (the staging file) and the end blocks cut off, the end blocks put back: a valid tar.
      [
        'one-file-short.tar',
        Buffer.concat([whole.subarray(0, whole.length - 1024 - 512 - 100_352), Buffer.alloc(1024)]),
        '1 of 2 files',
      ],
      ['flipped.tar', flipByte(whole, 4096), 'pgdata.tar.gz does not match its checksum'],
    ];
    for (const [name, bytes, why] of cases) {
      const file = join(root, name);
      writeFileSync(file, bytes);
      const dir = target();
      await expect(restoreBackup({ file, dataDir: dir }), name).rejects.toThrow(
        `${file} is damaged or truncated (${why}): use another backup`,
      );
      expect(existsSync(dir), name).toBe(false);
      expect(leftovers(), name).toEqual([]);
    }
  });

  it('refuses to back up nothing or over an existing file', async () => {
    const empty = target();
    mkdirSync(empty);
    await expect(createBackup({ dataDir: empty, out: join(root, 'nothing.tar') })).rejects.toThrow(
      `no embedded database in ${empty}: nothing to back up`,
    );
    const size = statSync(backup).size;
    await expect(createBackup({ dataDir, out: backup })).rejects.toThrow(`${backup} already exists`);
    expect(statSync(backup).size).toBe(size);
  });

  it('leaves PostgreSQL and S3 configurations to their own backups', () => {
    expect(notEmbedded(configFor(dataDir))).toBeUndefined();
    const postgres = notEmbedded(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db.example/portal' }),
    );
    expect(postgres).toContain('pg_dump or point-in-time recovery');
    expect(postgres).not.toContain('\n');
    const s3 = notEmbedded(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 's3://bucket/portal' }));
    expect(s3).toContain("the bucket's own versioning or backup");
  });
});

function flipByte(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}
