/**
 * The portal's demo data: two municipalities with their configuration, the standard item catalog, staff
 * accounts, test residents of the identity stand-in and a master-tool operator. The API seeds it
 * (apps/api/src/demo/seed.ts); tests of every workspace read it. Never imported by the web app's own
 * code (lint zone): it stays out of the browser bundle.
 */
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoData } from './demo-data.js';

export { demoData } from './demo-data.js';
export * from './demo-types.js';

/** Freezes a value and everything it holds. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A deep copy of configuration, which is JSON (it travels as JSON through the API). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// One copy serves every importer of a process (and every test file of a worker): a change would leak.
deepFreeze(demoData);

/** A copy of every procedure group of the demo, free to change; the first is デモ市's 出生・子育て (group 1). */
export function demoProcedureGroups(): ProcedureGroupConfiguration[] {
  return copy(demoData.municipalities.flatMap((m) => m.procedure_groups));
}

/** A copy of デモ市's 出生・子育て (group 1), the configuration most tests start from, free to change. */
export function demoProcedureGroup(): ProcedureGroupConfiguration {
  return copy(demoData.municipalities[0]!.procedure_groups[0]!);
}
