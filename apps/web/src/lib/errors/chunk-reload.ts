// A page part (a lazily loaded chunk) that fails to load usually means a new version was deployed and
// the old file is gone: reload the page once to get the new version. A timestamp in sessionStorage
// guards the reload for 10 seconds (spec §9), so a part that keeps failing shows an error instead of
// reloading forever.

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'portal.chunkReloadAt';

/** True for the errors browsers raise when a dynamic import or a module preload fails. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message) ||
    /Unable to preload CSS/i.test(message) ||
    (error instanceof Error && error.name === 'ChunkLoadError')
  );
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now: () => number;
  reload: () => void;
}

/**
 * Reloads the page unless it was reloaded for the same reason less than 10 seconds ago. Returns whether it
 * reloaded. Without sessionStorage it never reloads (it could not stop a loop).
 */
export function reloadOnce(env: ReloadEnvironment): boolean {
  const now = env.now();
  try {
    if (!env.storage) return false;
    const last = Number(env.storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    env.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/** The error a lazily loaded screen raises when its chunk cannot be had (and the page did not reload). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

function browserEnvironment(): ReloadEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload() };
}

/**
 * Wraps a dynamic import: a chunk load failure reloads the page once (the promise then never settles, so
 * nothing renders an error meanwhile); within the guard it rejects with a ChunkLoadError.
 */
export function withChunkReload<T>(
  load: () => Promise<T>,
  env: () => ReloadEnvironment = browserEnvironment,
) {
  return () =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      if (reloadOnce(env())) return new Promise<T>(() => undefined);
      throw new ChunkLoadError(
        error instanceof Error ? error.message.replace(/^Failed to fetch/, 'Could not load') : String(error),
        {
          cause: error,
        },
      );
    });
}
