import { createApplicationRepository } from '../modules/applications/applications.repository.js';
import { createSessionRepository } from '../modules/sessions/sessions.repository.js';
import { createSessionService, sessionCookie } from '../modules/sessions/sessions.service.js';
import { browser, type TestApp } from './test-app.js';

/**
 * Signs a resident in for tests, straight through the session service (the OpenID Connect sign-in is
 * the identity issue's route; production exposes no shortcut).
 */
export async function signedInApplicant(t: TestApp, subject: string, code = '999999') {
  const municipality = await t.database.executeSql('select id from municipalities where code = $1', [code]);
  const municipalityId = Number(municipality.rows[0]?.id);
  const applicantId = await createApplicationRepository(t.database.db).ensureApplicant(subject);
  const sessions = createSessionService({
    sessions: createSessionRepository(t.database.db),
    clock: () => new Date(),
    ttlMs: 3600_000,
  });
  const { token } = await sessions.start({ kind: 'applicant', subjectId: applicantId, municipalityId });
  const client = await browser(t.app, code);
  client.jar.set(sessionCookie.applicant, token);
  return { ...client, applicantId };
}
