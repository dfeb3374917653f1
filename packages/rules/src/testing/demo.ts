import type { ProcedureGroupConfiguration } from '@portal/contracts';

/**
 * The API's demo seed (apps/api/src/demo/demo-data.ts), for tests only. It is loaded at run time
 * because the rules package must not import application code (lint boundary, project references);
 * demo-data.ts itself only imports types from @portal/contracts.
 */
const DEMO_DATA = '../../../../apps/api/src/demo/demo-data.js';

interface DemoData {
  municipalities: { code: string; procedure_groups: ProcedureGroupConfiguration[] }[];
}

/** Every procedure group of the demo seed; the first is デモ市's 出生・子育て (group 1). */
export async function loadDemoGroups(): Promise<ProcedureGroupConfiguration[]> {
  const module = (await import(/* @vite-ignore */ DEMO_DATA)) as { demoData: DemoData };
  return module.demoData.municipalities.flatMap((m) => m.procedure_groups);
}
