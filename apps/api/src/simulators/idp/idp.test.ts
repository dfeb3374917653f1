import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import {
  createListeningApp,
  openCardScreen,
  redirectBrowser,
  submitCard,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { LOGIN_COOKIE } from '../../modules/identity/identity.service.js';
import { drizzleAdapter } from './adapter.js';

const returnTo = '/municipalities/999999/applications';

describe.each(databaseKinds)('development identity provider on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(() => t?.close());

  const browser = async () => {
    const b = redirectBrowser(t.url);
    await b.init();
    return b;
  };
  const card = async (subject: string) =>
    (
      await t.database.executeSql(
        'select failed_pin_attempts as attempts, locked_at from dev_identity_cards where subject = $1',
        [subject],
      )
    ).rows[0] as { attempts: number; locked_at: unknown } | undefined;

  it('publishes discovery with the Digital Authentication App endpoints and only what the portal needs', async () => {
    const res = await fetch(`${t.url}/dev/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    const issuer = `${t.url}/dev/idp`;
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
    });
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'name', 'address', 'birthdate', 'gender', 'sign']),
    );
    expect(doc.scopes_supported).not.toContain('offline_access');
    const certs = (await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(certs.keys.length).toBeGreaterThan(0);
    for (const key of certs.keys) {
      expect(key.kty).toBe('RSA');
      expect(key.d).toBeUndefined();
    }
  });

  it('keeps its keys and state in the database', async () => {
    const b = await browser();
    await openCardScreen(b);
    const settings = await t.database.executeSql(
      `select key from app_settings where key in ('dev_idp_jwks', 'dev_idp_cookie_keys', 'oidc_client_private_jwk') order by key`,
    );
    expect(settings.rows.map((r) => r.key)).toEqual([
      'dev_idp_cookie_keys',
      'dev_idp_jwks',
      'oidc_client_private_jwk',
    ]);
    const stored = await t.database.executeSql(`select distinct model from dev_oidc_store`);
    expect(stored.rows.map((r) => r.model)).toContain('Interaction');
  });

  it('serves an accessible card screen without scripts, under the strict headers', async () => {
    const b = await browser();
    const { screen, html } = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
    expect(screen.headers.get('content-type')).toContain('text/html');
    expect(screen.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<html lang="ja">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<label for="subject">');
    expect(html).toContain('<label for="pin">');
    expect(html).toMatch(/<select id="subject" name="subject" required/);
    expect(html).toMatch(/<input id="pin" name="pin" type="password" inputmode="numeric"/);
    // Residents of every municipality are offered.
    expect(html).toContain('value="demo-resident-0001"');
    expect(html).toContain('value="demo-resident-0007"');
    // An unknown or expired interaction is a page that says so.
    const gone = await b.get('/dev/idp/interaction/no-such-interaction');
    expect(gone.status).toBe(400);
    expect(await gone.text()).toContain('有効期限');
  });

  it('locks the card after three wrong PINs; then even the right PIN is refused with a pointer to the office', async () => {
    const subject = 'demo-resident-0004';
    const b = await browser();
    const { action } = await openCardScreen(b);
    const first = await submitCard(b, action, subject, '0000');
    expect(first.status).toBe(400);
    expect(await first.text()).toContain('あと2回');
    expect(await card(subject)).toMatchObject({ attempts: 1, locked_at: null });
    // A PIN that is not four digits is a typing error, not an attempt on the card.
    const typo = await submitCard(b, action, subject, '12');
    expect(typo.status).toBe(400);
    expect(await typo.text()).toContain('数字4桁');
    expect(await card(subject)).toMatchObject({ attempts: 1 });
    const second = await submitCard(b, action, subject, '1111');
    expect(await second.text()).toContain('あと1回');
    const third = await submitCard(b, action, subject, '2222');
    expect(third.status).toBe(423);
    const thirdHtml = await third.text();
    expect(thirdHtml).toContain('ロックされています');
    expect(thirdHtml).toContain('role="alert"');
    const locked = await card(subject);
    expect(locked?.attempts).toBe(3);
    expect(locked?.locked_at).not.toBeNull();

    const right = await submitCard(b, action, subject, '4567');
    expect(right.status).toBe(423);
    expect(right.headers.get('location')).toBeNull();
    expect(await right.text()).toContain('市区町村の窓口');
    // A new sign-in does not help either.
    const again = await browser();
    const screen = await openCardScreen(again);
    expect((await submitCard(again, screen.action, subject, '4567')).status).toBe(423);
  });

  it('resets the count on the right PIN', async () => {
    const subject = 'demo-resident-0005';
    const b = await browser();
    const { action } = await openCardScreen(b);
    expect((await submitCard(b, action, subject, '0000')).status).toBe(400);
    expect(await card(subject)).toMatchObject({ attempts: 1 });
    const ok = await submitCard(b, action, subject, '5678');
    expect(ok.status).toBe(303);
    expect(await card(subject)).toMatchObject({ attempts: 0, locked_at: null });
  });

  it('refuses an authorization request without PKCE (or with plain), state or nonce', async () => {
    const redirectUri = `${t.url}/api/applicant/login/callback/`;
    const base = {
      client_id: 'municipal-portal',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid name',
      state: 'state-1234567890',
      nonce: 'nonce-1234567890',
    };
    const challenge = {
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    const cases: [string, Record<string, string>, string][] = [
      ['no PKCE', base, 'PKCE'],
      [
        'plain PKCE',
        { ...base, code_challenge: challenge.code_challenge, code_challenge_method: 'plain' },
        'code_challenge_method',
      ],
      ['no nonce', { ...challenge, ...base, nonce: '' }, 'nonce'],
    ];
    for (const [name, params, mentions] of cases) {
      const b = await browser();
      const res = await b.get(`/dev/idp/protocol/openid-connect/auth?${new URLSearchParams(params)}`);
      expect(res.status, name).toBe(303);
      const location = b.location(res);
      expect(`${location.origin}${location.pathname}`, name).toBe(redirectUri);
      expect(location.searchParams.get('error'), name).toBe('invalid_request');
      expect(location.searchParams.get('error_description'), name).toContain(mentions);
    }
    const { state: _state, ...withoutState } = base;
    const b = await browser();
    const res = await b.get(
      `/dev/idp/protocol/openid-connect/auth?${new URLSearchParams({ ...withoutState, ...challenge })}`,
    );
    expect(b.location(res).searchParams.get('error')).toBe('invalid_request');
    expect(b.location(res).searchParams.get('error_description')).toContain('state');
    // An unregistered redirect_uri is never redirected to.
    const foreign = await b.get(
      `/dev/idp/protocol/openid-connect/auth?${new URLSearchParams({ ...base, ...challenge, redirect_uri: 'https://evil.example/cb' })}`,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
  });

  it('refuses a token request authenticated with client_secret_basic; the portal’s private_key_jwt works', async () => {
    const b = await browser();
    const { action } = await openCardScreen(b, { municipality_code: '999999', return_to: returnTo });
    const submitted = await submitCard(b, action, 'demo-resident-0006', '6789');
    const resumed = await b.get(b.location(submitted).href);
    const callback = b.location(resumed);
    const code = callback.searchParams.get('code')!;
    // The transaction cookie is signed, not encrypted: the test can read the verifier a thief would need.
    const sealed = b.cookie(LOGIN_COOKIE)!;
    const { codeVerifier } = JSON.parse(Buffer.from(sealed.split('.')[0]!, 'base64url').toString()) as {
      codeVerifier: string;
    };

    const token = await fetch(`${t.url}/dev/idp/protocol/openid-connect/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('municipal-portal:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${t.url}/api/applicant/login/callback/`,
        code_verifier: codeVerifier,
      }),
    });
    expect(token.status).toBe(401);
    expect(await token.json()).toMatchObject({ error: 'invalid_client' });

    const done = await b.get(callback.href);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(returnTo);
  });
});

describe.each(databaseKinds)('development identity provider switched off on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind, { env: { SIMULATORS: 'false' } });
  });
  afterAll(() => t?.close());

  it('is not mounted: /dev/idp answers 404 with the error body', async () => {
    for (const path of [
      '/dev/idp/.well-known/openid-configuration',
      '/dev/idp/protocol/openid-connect/auth',
      '/dev/idp/protocol/openid-connect/certs',
      '/dev/idp/interaction/x',
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('not_found');
    }
    const post = await fetch(`${t.url}/dev/idp/protocol/openid-connect/token`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('does not sign in against an http issuer when simulators are off (503)', async () => {
    const res = await fetch(`${t.url}/api/applicant/login/?municipality_code=999999`, { redirect: 'manual' });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('unavailable');
  });
});

describe.each(databaseKinds)('dev_oidc_store adapter on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(() => t?.close());

  it('stores, finds by uid, consumes, ignores expired rows and revokes by grant', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const Adapter = drizzleAdapter(t.database.db, () => now);
    const codes = new Adapter('AuthorizationCode');
    const sessions = new Adapter('Session');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 600);
    // Models do not see each other's ids.
    expect(await new Adapter('AccessToken').find('c1')).toBeUndefined();
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', accountId: 'a' });
    expect(await sessions.findByUid('u1')).toMatchObject({ uid: 'u1' });
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(now.getTime() / 1000));
    now = new Date(now.getTime() + 61_000);
    expect(await codes.find('c1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeDefined();
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await codes.revokeByGrantId('g2');
    expect(await codes.find('c2')).toBeUndefined();
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });
});
