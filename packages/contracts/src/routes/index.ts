import type { z } from 'zod';
import type { PathParams, RouteDef } from './define.js';
import { applicantRoutes } from './applicant.routes.js';
import { counterRoutes } from './counter.routes.js';
import { integrationRoutes } from './integration.routes.js';
import { mastertoolRoutes } from './mastertool.routes.js';
import { notificationRoutes } from './notifications.routes.js';
import { staffRoutes } from './staff.routes.js';
import { systemRoutes } from './system.routes.js';

export * from './define.js';
export * from './system.routes.js';
export { applicantRoutes } from './applicant.routes.js';
export { staffRoutes, AccountList } from './staff.routes.js';
export { mastertoolRoutes, ReflectRequest, DiffQuery } from './mastertool.routes.js';
export { notificationRoutes } from './notifications.routes.js';
export { counterRoutes } from './counter.routes.js';
export { integrationRoutes } from './integration.routes.js';

/** Every call of the product: the one list the server, web client, OpenAPI document and security tests read. */
export const routeTable = [
  ...systemRoutes,
  ...applicantRoutes,
  ...notificationRoutes,
  ...counterRoutes,
  ...staffRoutes,
  ...mastertoolRoutes,
  ...integrationRoutes,
];

export type AnyRoute = (typeof routeTable)[number];
export type RouteId = AnyRoute['id'];
export type RouteOf<Id extends RouteId> = Extract<AnyRoute, { id: Id }>;

/** What a handler of a route receives and returns, inferred from its declaration. */
export type RouteParams<R extends RouteDef> = PathParams<R['path']>;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
export type RouteResponse<R extends RouteDef> = z.input<R['response']>;

const byId = new Map<string, RouteDef>(routeTable.map((r) => [r.id, r]));

/** Looks a route up by id; unknown ids do not compile. */
export function routeById<Id extends RouteId>(id: Id): RouteOf<Id> {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown route id ${id}`);
  return found as RouteOf<Id>;
}
