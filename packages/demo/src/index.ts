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

/** Every procedure group of the demo; the first is デモ市's 出生・子育て (group 1). Copy before changing. */
export function demoProcedureGroups(): ProcedureGroupConfiguration[] {
  return demoData.municipalities.flatMap((m) => m.procedure_groups);
}

/** デモ市's 出生・子育て (group 1), the configuration most tests start from. Copy before changing. */
export function demoProcedureGroup(): ProcedureGroupConfiguration {
  return demoData.municipalities[0]!.procedure_groups[0]!;
}
