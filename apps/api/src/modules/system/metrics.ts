import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus registry of one server: default process metrics plus request durations by route. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route table id, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return { registry, duration };
}
export type Metrics = ReturnType<typeof createMetrics>;

export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.config.routeDef?.id ?? 'unmatched';
    opts.metrics.duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});
