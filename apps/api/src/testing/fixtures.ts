import { createApplicationRepository } from '../modules/applications/applications.repository.js';
import type { TestApp } from './test-app.js';

/** A draft application inserted directly (for tests of later steps; the flow tests create them by HTTP). */
export async function draftApplication(
  t: TestApp,
  applicantId: string,
  opts: { code?: string; procedureIds?: number[]; groupId?: number } = {},
) {
  const m = await t.database.executeSql('select id from municipalities where code = $1', [
    opts.code ?? '999999',
  ]);
  const municipalityId = Number(m.rows[0]?.id);
  return createApplicationRepository(t.database.db).insert({
    municipalityId,
    applicantId,
    procedureGroupId: opts.groupId ?? 1,
    configurationVersion: 1,
    status: 'draft',
    currentStep: 'attachments',
    procedureIds: opts.procedureIds ?? [1, 2],
  });
}
