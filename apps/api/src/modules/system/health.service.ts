import type { ApiError } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { bundledMigrations, type BundledMigration, type SystemRepository } from './system.repository.js';

/** The readiness checks, by the name a failure carries in the error body's `field`. */
export type ReadinessCheck = 'database' | 'storage' | 'migrations';

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** A check's answer: null when it passed, else the public message (the cause goes to the log only). */
type Outcome = { message: string; cause?: unknown } | null;

/**
 * Liveness and readiness. Readiness checks the database and the file store at once, then (with the
 * database up) that every migration of this build is applied; a database ahead of the build (a newer
 * process migrated it) is ready, so a rolling update keeps the old processes serving. A check that does
 * not answer within `timeoutMs` fails. Failures answer 503 naming each failed check; their causes (paths,
 * bucket names, driver messages) are logged, never sent.
 */
export function createHealthService(deps: {
  system: SystemRepository;
  storage: FileStorage;
  /** The migrations of this build (read once, at the first readiness check). */
  migrations?: () => BundledMigration[];
  logger: Logger;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? 3000;
  let bundled: BundledMigration[] | null = null;

  function within<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  async function outcome(work: () => Promise<Outcome>, message: string): Promise<Outcome> {
    try {
      return await within(work());
    } catch (cause) {
      return { message, cause };
    }
  }

  async function migrationsApplied(): Promise<Outcome> {
    bundled ??= (deps.migrations ?? bundledMigrations)();
    const applied = new Map((await deps.system.appliedMigrations()).map((m) => [m.createdAt, m.hash]));
    const missing = bundled.filter((m) => !applied.has(m.when));
    if (missing.length > 0) {
      return {
        message: `${missing.length} of ${bundled.length} migrations are not applied (first missing: ${missing[0]!.tag})`,
      };
    }
    const changed = bundled.find((m) => applied.get(m.when) !== m.hash);
    if (changed) return { message: `migration ${changed.tag} was applied from a different file` };
    return null;
  }

  return {
    /** The process answers: nothing else is touched. */
    live: () => ({ status: 'ok' as const }),

    /** Null when ready; otherwise the error to answer with (503, one entry per failed check). */
    async ready(): Promise<AppError | null> {
      const [database, storage] = await Promise.all([
        outcome(async () => (await deps.system.ping(), null), 'the database is not reachable'),
        outcome(async () => (await deps.storage.ready(), null), 'the file storage is not reachable'),
      ]);
      const migrations = database
        ? null
        : await outcome(migrationsApplied, 'the applied migrations could not be read');
      const failed = (
        [
          ['database', database],
          ['storage', storage],
          ['migrations', migrations],
        ] as const
      ).filter((entry): entry is readonly [ReadinessCheck, NonNullable<Outcome>] => entry[1] !== null);
      if (failed.length === 0) return null;
      for (const [check, { message, cause }] of failed) {
        deps.logger.warn({ check, err: cause }, `not ready: ${message}`);
      }
      const errors: ApiError[] = failed.map(([check, { message }]) => ({
        code: 'unavailable',
        message,
        field: check,
      }));
      return new AppError('unavailable', errors[0]!.message, errors[0]!.field, errors);
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
