// Route-level code splitting: each screen is its own chunk, loaded when its route matches, and a chunk
// that fails to load reloads the page once (the 10-second guard of chunk-reload.ts). A screen also waits
// for the texts its target loads lazily (lib/i18n `messagesReady`: the applicant form's), unless it says
// it needs none of them (`lazyTexts: false`: the public pages, which then do not load them at all).
import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { withChunkReload } from '../errors/chunk-reload';
import { messagesReady } from '../i18n';

export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
  { lazyTexts = true }: { lazyTexts?: boolean } = {},
) {
  const loadAll = lazyTexts ? () => Promise.all([load(), messagesReady()]).then(([m]) => m) : load;
  return lazyRouteComponent(withChunkReload(loadAll) as () => Promise<Record<K, ComponentType>>, exportName);
}
