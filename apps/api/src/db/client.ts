import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataFolder } from './data-lock.js';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type repositories take: the same code runs on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access for libraries that bring their own SQL (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database extends SqlExecutor {
  db: Db;
  /**
   * Statements drizzle has sent, but not those of jobs and schedules ({@link outsideRequests}) nor
   * pg-boss's polling: tests hold hot routes to a budget with it.
   */
  statements(): number;
  /** The texts of the last statements sent (at most 32, oldest first): what a budget test shows when over. */
  recentStatements(count: number): string[];
  /** The PGlite instance, when embedded (for dumps in tests). */
  client?: PGlite;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** The folder under dataDir (default `pgdata`; staging uses `pgdata-staging`). */ folder?: string;
      /** A dumped data directory to start from (tests). */ image?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * PGlite's own start parameters with 16 MB of shared buffers instead of PostgreSQL's 128 MB, which the
 * WebAssembly heap keeps resident for good (decision 0031): reads past them come from the OS file cache.
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const background = new AsyncLocalStorage<true>();

/** Runs a job or schedule: its statements are not counted as any request's (a sweep may run mid-request). */
export const outsideRequests = <T>(work: () => Promise<T>): Promise<T> => background.run(true, work);

/** Opens PGlite (a folder, or memory when dataDir is null) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  let sent = 0;
  const recent: string[] = [];
  const logger = {
    logQuery(text: string) {
      if (background.getStore()) return;
      sent++;
      recent.push(text);
      if (recent.length > 32) recent.shift();
    },
  };
  const statements = () => sent;
  const recentStatements = (count: number) => (count > 0 ? recent.slice(-count) : []);
  if (target.kind === 'pglite') {
    let dir: string | undefined;
    let release = () => {};
    if (target.dataDir) {
      dir = join(target.dataDir, target.folder ?? 'pgdata');
      mkdirSync(dir, { recursive: true });
      release = lockDataFolder(dir);
    }
    const client = await PGlite.create(dir, {
      startParams: EMBEDDED_START_PARAMS,
      ...(target.image ? { loadDataDir: target.image } : {}),
    }).catch((error: unknown) => {
      release();
      throw error;
    });
    return {
      kind: 'pglite',
      client,
      db: drizzlePglite(client, { schema, logger }) as unknown as Db,
      statements,
      recentStatements,
      // pg-boss sends multi-statement scripts without values: those need exec, not the extended protocol.
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const r = await client.query<Record<string, unknown>>(text, values);
          return { rows: r.rows };
        }
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      close: once(async () => {
        await client.close();
        release();
      }),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema, logger }) as unknown as Db,
    statements,
    recentStatements,
    async executeSql(text, values) {
      const r = await pool.query(text, values as unknown[] | undefined);
      return { rows: (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows) as Record<string, unknown>[] };
    },
    close: once(() => pool.end()),
  };
}

/** Closing twice is harmless (tests and shutdown paths may both close). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
}

export { schema };

/** Whether the database answers (the health check): throws when it does not. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();

/**
 * A raw statement of fixed text (values only through `sql.placeholder`), prepared under `name` on each
 * PostgreSQL connection so it is parsed once and planned generically (the hot writes, issue 31); PGlite
 * runs it as a plain query. Answers its rows.
 */
export function preparedStatement<Row>(db: Db, name: string, statement: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<Row[]> =>
    ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
