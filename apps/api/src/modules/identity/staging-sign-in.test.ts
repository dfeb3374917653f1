import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import {
  cardSignIn,
  createListeningApp,
  redirectBrowser,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { LOGIN_COOKIE } from './identity.service.js';

const taro = { subject: 'demo-resident-0001', pin: '1234' };

describe.each(databaseKinds)('resident sign-in on staging (/stg-api) on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind, { portal: true });
  });
  afterAll(() => t?.close());

  const applicantSessions = async (prefix: 'production' | 'staging') =>
    Number(
      (
        await (prefix === 'staging' ? t.stagingDatabase! : t.database).executeSql(
          `select count(*)::int as n from sessions where kind = 'applicant'`,
        )
      ).rows[0]?.n,
    );

  it('signs in through staging’s callback and comes back to staging’s pages, session in staging only', async () => {
    const b = redirectBrowser(t.url);
    const before = {
      production: await applicantSessions('production'),
      staging: await applicantSessions('staging'),
    };
    const flow = await cardSignIn(b, taro, { municipality_code: '999999' }, '/stg-api');

    expect(flow.authorization.searchParams.get('redirect_uri')).toBe(
      `${t.url}/stg-api/applicant/login/callback/`,
    );
    // The login transaction cookie is staging's and scoped to staging's login paths.
    const login = flow.login.headers.getSetCookie().find((c) => c.startsWith(`stg_${LOGIN_COOKIE}=`));
    expect(login).toMatch(/Path=\/stg-api\/applicant\/login\//);
    expect(`${flow.callback.origin}${flow.callback.pathname}`).toBe(
      `${t.url}/stg-api/applicant/login/callback/`,
    );
    // Without a return_to, back to staging's top page of the municipality.
    expect(flow.response.headers.get('location')).toBe('/stg/municipalities/999999');
    expect(
      flow.response.headers.getSetCookie().some((c) => c.startsWith('stg_portal_applicant_session=')),
    ).toBe(true);

    expect(await applicantSessions('staging')).toBe(before.staging + 1);
    expect(await applicantSessions('production')).toBe(before.production);
    const staging = await b.get('/stg-api/applicant/login/status/');
    expect(((await staging.json()) as { is_logged_in: boolean }).is_logged_in).toBe(true);
    const production = await b.get('/api/applicant/login/status/');
    expect(((await production.json()) as { is_logged_in: boolean }).is_logged_in).toBe(false);
  });

  it('keeps a staging return_to the web client sends (/stg/...)', async () => {
    const b = redirectBrowser(t.url);
    const flow = await cardSignIn(
      b,
      taro,
      { municipality_code: '999999', return_to: '/stg/municipalities/999999/applications' },
      '/stg-api',
    );
    expect(flow.response.headers.get('location')).toBe('/stg/municipalities/999999/applications');
  });
});
