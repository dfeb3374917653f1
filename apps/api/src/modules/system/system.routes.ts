import type { FastifyReply } from 'fastify';
import { handle } from '../../http/route-kit.js';
import type { HealthService } from './health.service.js';
import type { metricsScrape } from './metrics.js';
import { buildOpenApiDocument } from './openapi.js';

export function systemHandlers(deps: {
  health: HealthService;
  scrape: ReturnType<typeof metricsScrape>;
  version: string;
}) {
  const { health, scrape } = deps;
  let openapi: string | null = null;
  // A failed readiness answers 503 with the error body itself: the checks already logged why, once.
  const readiness = async ({ reply }: { reply: FastifyReply }) => {
    const failed = await health.ready();
    if (failed) return reply.code(failed.status).send(failed.toBody());
    return { status: 'ok' as const };
  };
  return [
    handle('system.health', readiness),
    handle('system.health.ready', readiness),
    handle('system.health.live', async () => health.live()),
    handle('system.csrf_token', async ({ request, reply }) => ({
      csrf_token: request.server.csrfToken(request, reply),
    })),
    handle('system.openapi', async ({ reply }) => {
      openapi ??= JSON.stringify(buildOpenApiDocument(deps.version));
      return reply.header('Cache-Control', 'public, max-age=300').type('application/json').send(openapi);
    }),
    handle('system.metrics', async ({ reply }) => {
      return reply.type(scrape.contentType).send(await scrape.text());
    }),
  ];
}
