import { z } from 'zod';
import { NoBody, route } from './define.js';

export const Health = z.object({ status: z.literal('ok') });
export const CsrfToken = z.object({ csrf_token: z.string().min(20) });

export const systemRoutes = [
  route({
    id: 'system.health',
    method: 'GET',
    path: '/api/health',
    audience: 'system',
    tag: 'system',
    summary: 'Readiness, as /api/health/ready (kept for the tools and tests that poll it)',
    response: Health,
  }),
  route({
    id: 'system.health.live',
    method: 'GET',
    path: '/api/health/live',
    audience: 'system',
    tag: 'system',
    summary: 'Liveness: the process answers; touches neither the database nor the file store',
    response: Health,
  }),
  route({
    id: 'system.health.ready',
    method: 'GET',
    path: '/api/health/ready',
    audience: 'system',
    tag: 'system',
    summary:
      'Readiness: database reachable, file store reachable, every bundled migration applied; 503 names each failing check in `field`',
    response: Health,
  }),
  route({
    id: 'system.csrf_token',
    method: 'GET',
    path: '/api/csrf-token',
    audience: 'public',
    tag: 'system',
    summary: 'CSRF token of this browser, to send as X-CSRF-Token on writes',
    response: CsrfToken,
  }),
  route({
    id: 'system.openapi',
    method: 'GET',
    path: '/api/openapi.json',
    audience: 'public',
    tag: 'system',
    summary: 'OpenAPI 3.1 document generated from the route table',
    response: z.record(z.string(), z.unknown()),
  }),
  route({
    id: 'system.metrics',
    method: 'GET',
    path: '/metrics',
    audience: 'system',
    tag: 'system',
    summary: 'Prometheus metrics (text exposition format)',
    response: NoBody,
    produces: 'text',
  }),
];
