import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import {
  Provider,
  errors,
  interactionPolicy,
  type Account,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Db } from '../../db/client.js';
import type { ClientKey } from '../../modules/identity/client-key.js';
import { storedSetting } from '../../modules/system/stored-setting.js';
import { drizzleAdapter } from './adapter.js';
import { messagePage } from './pages.js';
import type { ResidentDirectory, TestResident } from './residents.js';

/** Paths of the Digital Authentication App under its issuer. */
export const idpRoutes = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  userinfo: '/protocol/openid-connect/userinfo',
  jwks: '/protocol/openid-connect/certs',
} as const;

/** Scopes: `openid` with any of the basic four information, and `sign` for signing. */
export const idpScopes = ['openid', 'name', 'address', 'birthdate', 'gender', 'sign'] as const;

/** Claims released per scope (the stand-in's convention: the family name first, a full-width space). */
const claimsByScope = {
  openid: ['sub'],
  name: ['name', 'name_kana', 'family_name', 'given_name', 'family_name_kana', 'given_name_kana'],
  address: ['address', 'postal_code'],
  birthdate: ['birthdate'],
  gender: ['gender'],
  sign: [],
};

export const PROVIDER_JWKS_SETTING = 'dev_idp_jwks';
export const PROVIDER_COOKIE_KEYS_SETTING = 'dev_idp_cookie_keys';

async function generateProviderJwks(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return JSON.stringify({ keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] });
}

export interface ProviderKeys {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
}

/** The provider's signing keys and cookie keys, generated on first use and kept in `app_settings`. */
export async function providerKeys(db: Db): Promise<ProviderKeys> {
  const jwks = JSON.parse(
    await storedSetting(db, PROVIDER_JWKS_SETTING, generateProviderJwks),
  ) as ProviderKeys['jwks'];
  const cookieKeys = JSON.parse(
    await storedSetting(db, PROVIDER_COOKIE_KEYS_SETTING, async () =>
      JSON.stringify([randomBytes(32).toString('base64url')]),
    ),
  ) as string[];
  return { jwks, cookieKeys };
}

/** Between family and given name in `name` and `name_kana` (U+3000, the Japanese convention). */
const IDEOGRAPHIC_SPACE = '\u3000';

/** Claims of a test resident as the Digital Authentication App would release them. */
export function residentClaims(r: TestResident): Record<string, unknown> {
  return {
    sub: r.subject,
    name: `${r.lastName}${IDEOGRAPHIC_SPACE}${r.firstName}`,
    name_kana: `${r.lastNameKana}${IDEOGRAPHIC_SPACE}${r.firstNameKana}`,
    family_name: r.lastName,
    given_name: r.firstName,
    family_name_kana: r.lastNameKana,
    given_name_kana: r.firstNameKana,
    address: r.address,
    postal_code: r.postalCode,
    birthdate: r.birthDate,
    gender: r.sex,
  };
}

export interface DevProviderOptions {
  db: Db;
  issuer: string;
  /** Where the interaction pages are mounted, e.g. /dev/idp. */
  mountPath: string;
  client: { clientId: string; redirectUris: string[]; key: ClientKey };
  residents: ResidentDirectory;
  keys: ProviderKeys;
  /** More authorization parameters and their checks (e.g. a sign transaction id). */
  extraParams?: Record<string, ((ctx: KoaContextWithOIDC, value: unknown) => void | Promise<void>) | null>;
}

const required = (name: string) => (_ctx: KoaContextWithOIDC, value: unknown) => {
  if (typeof value !== 'string' || value === '') throw new errors.InvalidRequest(`${name} is required`);
};

const minutes = (n: number) => () => n * 60;

/**
 * The development stand-in of the Digital Authentication App: one first-party client (the portal,
 * private_key_jwt), authorization code with PKCE S256, state and nonce all required, the card PIN asked on
 * every request (no single sign-on), consent implied.
 */
export function createDevProvider(opts: DevProviderOptions): Provider {
  const { residents } = opts;
  const { Check, base } = interactionPolicy;
  const policy = base();
  // A card is read for every authorization request, as with the real app: a provider session never
  // stands in for the PIN.
  policy
    .get('login')!
    .checks.add(
      new Check('card_every_time', 'the My Number Card is read for every request', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: drizzleAdapter(opts.db),
    clients: [
      {
        client_id: opts.client.clientId,
        client_name: '自治体オンライン申請ポータル',
        application_type: 'web',
        redirect_uris: opts.client.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: opts.client.key.alg,
        id_token_signed_response_alg: 'RS256',
        jwks: { keys: [opts.client.key.publicJwk] },
      },
    ],
    clientAuthMethods: ['private_key_jwt'],
    responseTypes: ['code'],
    scopes: [...idpScopes],
    claims: claimsByScope,
    pkce: { required: () => true },
    extraParams: { state: required('state'), nonce: required('nonce'), ...opts.extraParams },
    routes: { ...idpRoutes },
    jwks: opts.keys.jwks,
    cookies: {
      keys: opts.keys.cookieKeys,
      names: { session: '_idp_session', interaction: '_idp_interaction', resume: '_idp_resume' },
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
    },
    ttl: {
      AccessToken: minutes(10),
      AuthorizationCode: () => 60,
      IdToken: minutes(10),
      Interaction: minutes(10),
      Session: minutes(10),
      Grant: minutes(10),
    },
    interactions: {
      policy,
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        `${opts.mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
      const resident = await residents.find(sub);
      if (!resident) return undefined;
      return { accountId: resident.subject, claims: () => residentClaims(resident) };
    },
    // First-party client: whatever it asks of the scopes above is granted without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
      const { oidc } = ctx;
      const accountId = oidc.session.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) {
        grant = new oidc.provider.Grant({ accountId, clientId });
      }
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      if (oidc.requestParamClaims.size > 0) grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = messagePage(
        '本人確認を続けられません',
        'ポータルに戻り、もう一度最初からやり直してください。',
        [out.error, out.error_description].filter(Boolean).join(': '),
      );
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  provider.proxy = true;
  return provider;
}
