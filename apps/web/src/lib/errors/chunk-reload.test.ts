import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  ChunkLoadError,
  isChunkLoadError,
  reloadOnce,
  withChunkReload,
  type ReloadEnvironment,
} from './chunk-reload';

function environment(start: number) {
  const store = new Map<string, string>();
  let now = start;
  const env: ReloadEnvironment & { advance(ms: number): void; store: Map<string, string> } = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => now,
    reload: vi.fn(),
    advance: (ms) => void (now += ms),
    store,
  };
  return env;
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/Filter-abc.js');

describe('isChunkLoadError', () => {
  it('recognises the messages of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Parse Error'))).toBe(false);
  });
});

describe('reloadOnce', () => {
  it('reloads, then refuses for 10 seconds, then reloads again', () => {
    const env = environment(1_000_000);
    expect(reloadOnce(env)).toBe(true);
    expect(env.store.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
    env.advance(CHUNK_RELOAD_GUARD_MS - 1);
    expect(reloadOnce(env)).toBe(false);
    env.advance(1);
    expect(reloadOnce(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads without sessionStorage', () => {
    const env = { ...environment(0), storage: undefined };
    expect(reloadOnce(env)).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
  });
});

describe('withChunkReload', () => {
  it('reloads on the first failure and leaves the promise pending', async () => {
    const env = environment(5_000_000);
    const load = withChunkReload(
      () => Promise.reject(chunkError()),
      () => env,
    );
    const settled = vi.fn();
    void load().then(settled, settled);
    await new Promise((r) => setTimeout(r, 10));
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
  });

  it('rejects with a ChunkLoadError inside the guard', async () => {
    const env = environment(5_000_000);
    env.store.set(CHUNK_RELOAD_STORAGE_KEY, String(5_000_000 - 3_000));
    const load = withChunkReload(
      () => Promise.reject(chunkError()),
      () => env,
    );
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('passes other errors and successes through', async () => {
    const env = environment(0);
    await expect(
      withChunkReload(
        () => Promise.reject(new Error('boom')),
        () => env,
      )(),
    ).rejects.toThrow('boom');
    await expect(
      withChunkReload(
        () => Promise.resolve(42),
        () => env,
      )(),
    ).resolves.toBe(42);
    expect(env.reload).not.toHaveBeenCalled();
  });
});
