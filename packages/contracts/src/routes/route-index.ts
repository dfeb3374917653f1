// The route table without its schemas (no zod): how to send each route, for the web client's first
// screens. The schemas stay in the table, which the client loads only to check answers in development.
import { routeIndex } from './route-index.generated.js';
import type { RouteEntry } from './paths.js';

export { pathFor, type RouteEntry } from './paths.js';

/** Looks a route up by id. */
export function routeEntry(id: string): RouteEntry {
  const found = routeIndex[id];
  if (!found) throw new Error(`unknown route id ${id}`);
  return found;
}
