// Route-level code splitting: each screen is its own chunk, loaded when its route matches, and a chunk
// that fails to load reloads the page once (the 10-second guard of chunk-reload.ts).
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { withChunkReload } from '../errors/chunk-reload';

export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
) {
  return lazyRouteComponent(withChunkReload(load) as () => Promise<Record<K, ComponentType>>, exportName);
}
