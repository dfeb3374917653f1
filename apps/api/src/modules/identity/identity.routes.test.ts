import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicantLoginStatus, ApplicantUserInfo, ApplicantUserProfile } from '@portal/contracts';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  cardSignIn,
  cardSignInUpToCallback,
  createListeningApp,
  openCardScreen,
  redirectBrowser,
  submitCard,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { LOGIN_COOKIE } from './identity.service.js';

const taro = { subject: 'demo-resident-0001', pin: '1234' };
const hanako = { subject: 'demo-resident-0002', pin: '2345' };
const returnTo = '/municipalities/999999/applications';

describe.each(databaseKinds)('resident sign-in (OpenID Connect) on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(() => t?.close());

  const browserFor = async (code = '999999') => {
    const b = redirectBrowser(t.url, code);
    await b.init();
    return b;
  };
  const applicantSessions = async () =>
    Number(
      (await t.database.executeSql(`select count(*)::int as n from sessions where kind = 'applicant'`))
        .rows[0]?.n,
    );
  const errorOf = async (res: Response) =>
    ((await res.json()) as { errors: { code: string; message: string; field?: string }[] }).errors[0];

  it('signs a resident in over real HTTP: login → provider → card PIN → callback → session', async () => {
    const b = await browserFor();
    const before = await applicantSessions();
    const flow = await cardSignInUpToCallback(b, taro, { municipality_code: '999999', return_to: returnTo });

    // The authorization request carries everything the Digital Authentication App requires.
    const auth = flow.authorization;
    expect(`${auth.origin}${auth.pathname}`).toBe(`${t.url}/dev/idp/protocol/openid-connect/auth`);
    const q = auth.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('municipal-portal');
    expect(q.get('redirect_uri')).toBe(`${t.url}/api/applicant/login/callback/`);
    expect(q.get('scope')).toBe('openid name address birthdate gender');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The transaction stays with this browser only: HttpOnly, Lax, scoped to the login paths.
    const setCookie = flow.login.headers.getSetCookie().find((c) => c.startsWith(`${LOGIN_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/applicant\/login\//);
    // The code_verifier never leaves the portal in the clear request.
    expect(auth.href).not.toContain('code_verifier');

    const cb = flow.callback;
    expect(`${cb.origin}${cb.pathname}`).toBe(`${t.url}/api/applicant/login/callback/`);
    expect(cb.searchParams.get('state')).toBe(q.get('state'));
    expect(cb.searchParams.get('code')).toBeTruthy();
    expect(cb.searchParams.get('iss')).toBe(`${t.url}/dev/idp`);

    const done = await b.get(cb.href);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(returnTo);
    const cookies = done.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('portal_applicant_session='))).toMatch(/HttpOnly; SameSite=Lax/);
    expect(b.cookie(LOGIN_COOKIE)).toBeUndefined();
    expect(await applicantSessions()).toBe(before + 1);

    const status = await b.get('/api/applicant/login/status/');
    expect(status.status).toBe(200);
    const statusBody = ApplicantLoginStatus.parse(await status.json());
    expect(statusBody).toMatchObject({ is_logged_in: true, municipality_code: '999999' });
    expect(statusBody.csrf_token).toBe(b.token);

    const info = await b.get('/api/applicant/user-info/');
    expect(info.status).toBe(200);
    const infoBody = ApplicantUserInfo.parse(await info.json());
    expect(infoBody.subject).toBe('demo-resident-0001');
    expect(infoBody.profile).toEqual({
      last_name: '山田',
      first_name: '太郎',
      birth_date: '1988-04-15',
      sex: 'male',
      address: 'デモ県デモ市中央一丁目2番3号',
    });
    expect(infoBody.service_statuses.map((s) => s.service)).toEqual(['jpki']);

    // Everything the prefill rules read is kept, kana and postal code included.
    const stored = await t.database.executeSql(
      `select profile::text as p from applicants where subject = $1`,
      ['demo-resident-0001'],
    );
    expect(JSON.parse(String(stored.rows[0]?.p))).toEqual({
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      birth_date: '1988-04-15',
      sex: 'male',
      postal_code: '9999901',
      address: 'デモ県デモ市中央一丁目2番3号',
    });

    const profile = await b.request('POST', '/api/municipalities/999999/applicant-user-profile/');
    expect(profile.status).toBe(200);
    expect(ApplicantUserProfile.parse(await profile.json())).toEqual(infoBody.profile);

    const logout = await b.request('POST', '/api/applicant/logout/');
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ ok: true });
    const after = ApplicantLoginStatus.parse(await (await b.get('/api/applicant/login/status/')).json());
    expect(after).toMatchObject({ is_logged_in: false, municipality_code: null });
    expect((await b.get('/api/applicant/user-info/')).status).toBe(401);
    expect(await applicantSessions()).toBe(before);
  });

  it('returns to the municipality page when no return_to is given', async () => {
    const b = await browserFor();
    const { response } = await cardSignIn(b, hanako, { municipality_code: '999999' });
    expect(response.headers.get('location')).toBe('/municipalities/999999');
  });

  it('refuses a replayed callback (same code and state) and starts no second session', async () => {
    const b = await browserFor();
    const flow = await cardSignInUpToCallback(b, taro, { municipality_code: '999999', return_to: returnTo });
    const transaction = b.cookie(LOGIN_COOKIE)!;
    const first = await b.get(flow.callback.href);
    expect(first.status).toBe(302);
    const sessions = await applicantSessions();

    // Same browser: the transaction was used up.
    const again = await b.get(flow.callback.href);
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({ code: 'bad_request', field: 'state' });
    expect(again.headers.getSetCookie().some((c) => c.startsWith('portal_applicant_session='))).toBe(false);

    // Even with the old transaction cookie put back, the code was redeemed once and only once.
    b.setCookie(LOGIN_COOKIE, transaction, '/api/applicant/login/');
    const replay = await b.get(flow.callback.href);
    expect(replay.status).toBe(400);
    const refused = await errorOf(replay);
    expect(refused?.code).toBe('bad_request');
    expect(refused?.message).toContain('invalid_grant');
    expect(replay.headers.getSetCookie().some((c) => c.startsWith('portal_applicant_session='))).toBe(false);
    expect(await applicantSessions()).toBe(sessions);
  });

  it('refuses a callback with a foreign state (another browser’s, or none in progress)', async () => {
    const victim = await browserFor();
    const attacker = await browserFor();
    const flow = await cardSignInUpToCallback(attacker, hanako);
    await openCardScreen(victim); // the victim has a sign-in of their own in progress
    const before = await applicantSessions();
    const res = await victim.get(flow.callback.href);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'bad_request', field: 'state' });
    const fresh = await browserFor();
    const none = await fresh.get(flow.callback.href);
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toMatchObject({ code: 'bad_request', field: 'state' });
    expect(await applicantSessions()).toBe(before);
  });

  it('refuses a return_to that leaves the site', async () => {
    const b = await browserFor();
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '//evil.example/municipalities',
      '/\\evil.example',
      'javascript:alert(1)',
      'municipalities/999999',
      '/municipalities/999999\n',
    ]) {
      const res = await b.get(
        `/api/applicant/login/?${new URLSearchParams({ municipality_code: '999999', return_to: bad })}`,
      );
      expect(res.status, bad).toBe(400);
      expect(await errorOf(res), bad).toMatchObject({ code: 'validation_failed', field: 'return_to' });
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith(`${LOGIN_COOKIE}=`)),
        bad,
      ).toBe(false);
    }
  });

  it('answers bad input with 400 and an unknown municipality with 404, in the error body', async () => {
    const b = await browserFor();
    const missing = await b.get('/api/applicant/login/');
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({ code: 'validation_failed', field: 'municipality_code' });
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await b.get(`/api/applicant/login/?municipality_code=${code}`);
      expect(res.status, code).toBe(400);
      expect((await errorOf(res))?.code).toBe('validation_failed');
    }
    const unknown = await b.get('/api/applicant/login/?municipality_code=123456');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: 'not_found', field: 'municipality_code' });

    const noState = await b.get('/api/applicant/login/callback/?code=abc');
    expect(noState.status).toBe(400);
    expect(await errorOf(noState)).toMatchObject({ code: 'validation_failed', field: 'state' });
    const tooLong = await b.get(`/api/applicant/login/callback/?state=s&code=${'x'.repeat(3000)}`);
    expect(tooLong.status).toBe(400);
  });

  it('brings a resident who cancels at the provider to the sign-in failure page of the municipality, without a session', async () => {
    const b = await browserFor();
    const before = await applicantSessions();
    const screen = await openCardScreen(b, {
      municipality_code: '999999',
      return_to: `${returnTo}?step=identify`,
    });
    const cancelled = await b.request('POST', screen.action, { form: { action: 'cancel' } });
    expect(cancelled.status).toBe(303);
    const resumed = await b.get(b.location(cancelled).href);
    const callback = b.location(resumed);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const res = await b.get(callback.href);
    expect(res.status).toBe(302);
    // The page says why and offers to sign in again, back to where the resident was.
    expect(res.headers.get('location')).toBe(
      `/municipalities/999999/signin-failed?reason=cancelled&return_to=${encodeURIComponent(`${returnTo}?step=identify`)}`,
    );
    expect(b.cookie('portal_applicant_session')).toBeUndefined();
    expect(b.cookie(LOGIN_COOKIE)).toBeUndefined();
    expect(await applicantSessions()).toBe(before);
  });

  it('brings a resident whose card the provider reports locked to the page that says how to unlock it (0043)', async () => {
    const subject = 'demo-resident-0003';
    const b = await browserFor();
    const screen = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
    for (const pin of ['0000', '1111', '2222']) await submitCard(b, screen.action, subject, pin);
    const lockedPage = await submitCard(b, screen.action, subject, '3456');
    expect(lockedPage.status).toBe(423);
    expect(await lockedPage.text()).toContain('ポータルに戻って解除の方法を見る');
    const back = await b.request('POST', screen.action, { form: { action: 'cancel', subject } });
    expect(back.status).toBe(303);
    const callback = b.location(await b.get(b.location(back).href));
    expect(callback.searchParams.get('error')).toBe('card_locked');
    const res = await b.get(callback.href);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/municipalities/999999/signin-failed?reason=card_locked&return_to=${encodeURIComponent(returnTo)}`,
    );
    expect(b.cookie('portal_applicant_session')).toBeUndefined();
    // Another resident who cancels is still told they cancelled.
    const other = await browserFor();
    const otherScreen = await openCardScreen(other, { municipality_code: '999999', return_to: returnTo });
    const cancelled = await other.request('POST', otherScreen.action, {
      form: { action: 'cancel', subject: 'demo-resident-0002' },
    });
    const otherCallback = other.location(await other.get(other.location(cancelled).href));
    expect(otherCallback.searchParams.get('error')).toBe('access_denied');
  });

  describe('failed callbacks end on a page for a browser, and keep the error body for API clients', () => {
    const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const failurePage = (res: Response | { status: number; location: string | undefined }) => {
      expect(res.status).toBe(302);
      const location = res instanceof Response ? res.headers.get('location') : res.location;
      const to = new URL(location ?? '', t.url);
      expect(to.origin).toBe(t.url);
      return to;
    };
    /** A navigation told by fetch metadata alone (fetch() always sends its own Sec-Fetch-Mode: cors). */
    const navigate = async (b: Awaited<ReturnType<typeof browserFor>>, url: string) => {
      const login = b.cookie(LOGIN_COOKIE);
      const target = new URL(url, t.url);
      const res = await t.app.inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: {
          'sec-fetch-mode': 'navigate',
          accept: '*/*',
          ...(login ? { cookie: `${LOGIN_COOKIE}=${login}` } : {}),
        },
      });
      const cleared = res.cookies.some((c) => c.name === LOGIN_COOKIE && c.value === '');
      return { status: res.statusCode, location: res.headers.location as string | undefined, cleared };
    };

    it('cancelled at the provider, with no sign-in in progress in this browser: the portal-wide page', async () => {
      const b = await browserFor();
      const res = await b.get('/api/applicant/login/callback/?error=access_denied&state=abc', page);
      const to = failurePage(res);
      expect(to.pathname).toBe('/signin-failed');
      expect(to.searchParams.get('reason')).toBe('cancelled');
      // An API client still sees what went wrong.
      const api = await b.get('/api/applicant/login/callback/?error=access_denied&state=abc');
      expect(api.status).toBe(400);
      expect(await errorOf(api)).toMatchObject({ code: 'bad_request', field: 'state' });
    });

    it('expired: no sign-in in progress in this browser (e.g. started on another host name)', async () => {
      const other = await browserFor();
      const flow = await cardSignInUpToCallback(other, taro, {
        municipality_code: '999999',
        return_to: returnTo,
      });
      const before = await applicantSessions();
      const fresh = await browserFor();
      for (const res of [
        await fresh.get(flow.callback.href, page),
        await navigate(fresh, flow.callback.href),
      ]) {
        const to = failurePage(res);
        expect(to.pathname).toBe('/signin-failed');
        expect(to.searchParams.get('reason')).toBe('expired');
      }
      // Another sign-in of this browser in progress (state mismatch): the same.
      await openCardScreen(fresh);
      const mismatch = failurePage(await fresh.get(flow.callback.href, page));
      expect(mismatch.searchParams.get('reason')).toBe('expired');
      expect(fresh.cookie(LOGIN_COOKIE)).toBeUndefined();
      expect(await applicantSessions()).toBe(before);
    });

    it('provider error: refused by the provider, or the code could not be redeemed', async () => {
      const b = await browserFor();
      const screen = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
      const state = screen.authorization.searchParams.get('state')!;
      const refused = failurePage(
        await b.get(`/api/applicant/login/callback/?error=server_error&state=${state}`, page),
      );
      expect(refused.pathname).toBe('/municipalities/999999/signin-failed');
      expect(refused.searchParams.get('reason')).toBe('provider_error');
      expect(refused.searchParams.get('return_to')).toBe(returnTo);

      // A code the provider does not know (replayed or forged): the transaction was this browser's.
      const again = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
      const againState = again.authorization.searchParams.get('state')!;
      const before = await applicantSessions();
      const forgedRes = await navigate(
        b,
        `/api/applicant/login/callback/?code=not-a-code&state=${againState}`,
      );
      expect(forgedRes.cleared).toBe(true);
      const forged = failurePage(forgedRes);
      expect(forged.pathname).toBe('/municipalities/999999/signin-failed');
      expect(forged.searchParams.get('reason')).toBe('provider_error');
      expect(forged.searchParams.get('return_to')).toBe(returnTo);
      expect(await applicantSessions()).toBe(before);

      // The same without a page asked for: the error body.
      const third = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
      const thirdState = third.authorization.searchParams.get('state')!;
      const api = await b.get(`/api/applicant/login/callback/?code=not-a-code&state=${thirdState}`);
      expect(api.status).toBe(400);
      expect((await errorOf(api))?.code).toBe('bad_request');
    });
  });

  it('unlinks only the resident’s own service links (another resident’s is 404)', async () => {
    const a = await browserFor();
    await cardSignIn(a, taro);
    const b = await browserFor();
    await cardSignIn(b, hanako);
    const aLinks = ApplicantUserInfo.parse(
      await (await a.get('/api/applicant/user-info/')).json(),
    ).service_statuses;
    const bLinks = ApplicantUserInfo.parse(
      await (await b.get('/api/applicant/user-info/')).json(),
    ).service_statuses;
    expect(aLinks).toHaveLength(1);
    expect(bLinks).toHaveLength(1);

    const foreign = await b.request('DELETE', `/api/applicant/user-service-statuses/${aLinks[0]!.id}/`);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign))?.code).toBe('not_found');
    const unknown = await b.request('DELETE', `/api/applicant/user-service-statuses/${crypto.randomUUID()}/`);
    expect(unknown.status).toBe(404);
    const malformed = await b.request('DELETE', '/api/applicant/user-service-statuses/not-a-uuid/');
    expect(malformed.status).toBe(400);

    const own = await a.request('DELETE', `/api/applicant/user-service-statuses/${aLinks[0]!.id}/`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ ok: true });
    expect(
      ApplicantUserInfo.parse(await (await a.get('/api/applicant/user-info/')).json()).service_statuses,
    ).toEqual([]);
    expect(
      ApplicantUserInfo.parse(await (await b.get('/api/applicant/user-info/')).json()).service_statuses,
    ).toHaveLength(1);
    // Signing in again links the card again.
    await cardSignIn(a, taro);
    expect(
      ApplicantUserInfo.parse(await (await a.get('/api/applicant/user-info/')).json()).service_statuses,
    ).toHaveLength(1);
  });

  it('keeps the profile call to the session’s municipality and needs identity claims', async () => {
    const b = await browserFor();
    await cardSignIn(b, hanako);
    const other = await b.request('POST', '/api/municipalities/999998/applicant-user-profile/', undefined, {
      'x-region-code': '999998',
    });
    expect(other.status).toBe(403);

    // A session made without the provider (test shortcut) carries no claims: 409.
    const shortcut = await signedInApplicant(t, 'demo-resident-0006');
    const res = await shortcut.request('POST', '/api/municipalities/999999/applicant-user-profile/');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('conflict');
  });

  it('requires sign-in for the resident’s calls', async () => {
    const b = await browserFor();
    expect((await b.get('/api/applicant/user-info/')).status).toBe(401);
    expect((await b.request('POST', '/api/applicant/logout/')).status).toBe(401);
    const status = ApplicantLoginStatus.parse(await (await b.get('/api/applicant/login/status/')).json());
    expect(status).toEqual({ is_logged_in: false, csrf_token: b.token, municipality_code: null });
  });
});
