import { ping, type Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { handle } from '../../http/route-kit.js';
import type { Metrics } from './metrics.js';
import { buildOpenApiDocument } from './openapi.js';

export function systemHandlers(deps: { db: Db; metrics: Metrics; version: string }) {
  let openapi: string | null = null;
  return [
    handle('system.health', async () => {
      try {
        await ping(deps.db);
      } catch {
        throw new AppError('unavailable', 'database is not reachable');
      }
      return { status: 'ok' as const };
    }),
    handle('system.csrf_token', async ({ request, reply }) => ({
      csrf_token: request.server.csrfToken(request, reply),
    })),
    handle('system.openapi', async ({ reply }) => {
      openapi ??= JSON.stringify(buildOpenApiDocument(deps.version));
      return reply.header('Cache-Control', 'public, max-age=300').type('application/json').send(openapi);
    }),
    handle('system.metrics', async ({ reply }) => {
      return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
    }),
  ];
}
