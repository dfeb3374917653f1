import { randomUUID } from 'node:crypto';
import { pathFor, pathParamNames, type RouteDef } from '@portal/contracts';

/** A concrete URL for a route: well-formed values for each path parameter. */
export function samplePath(def: RouteDef, code = '999999'): string {
  const values: Record<string, string | number> = {};
  for (const name of pathParamNames(def.path)) {
    if (name === 'code') values[name] = code;
    else if (name === 'token') values[name] = 'x'.repeat(40);
    else if (/^(procedure|procedureGroup|report|reflectionManager)Id$/.test(name)) values[name] = 1;
    else values[name] = randomUUID();
  }
  return pathFor(def.path, values);
}
