/**
 * The part of oidc-provider 8 the development identity provider uses (the package ships no types; the
 * names and shapes follow its documentation, docs/README.md of panva/node-oidc-provider).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  export type AdapterConstructor = new (model: string) => Adapter;

  export interface Account {
    accountId: string;
    claims(
      use: 'id_token' | 'userinfo' | string,
      scope: string,
      claims: Record<string, unknown>,
      rejected: string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Client {
    clientId: string;
  }

  export interface Session {
    accountId?: string;
    grantIdFor(clientId: string, value?: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface OIDCContext {
    route: string;
    params: Record<string, unknown>;
    client?: Client;
    session: Session;
    result?: Record<string, unknown> & { consent?: { grantId?: string }; login?: unknown };
    requestParamOIDCScopes: Set<string>;
    requestParamClaims: Set<string>;
    provider: Provider;
  }

  /** The Koa context oidc-provider hands to its configuration functions. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    returnTo: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; acr?: string; amr?: string[]; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
    static readonly REQUEST_PROMPT: true;
    static readonly NO_NEED_TO_PROMPT: false;
  }
  export interface Prompt {
    name: string;
    checks: Check[] & { add(check: Check, index?: number): void };
  }
  export type Policy = Prompt[] & { get(name: string): Prompt | undefined };

  export const interactionPolicy: { base(): Policy; Check: typeof Check };

  export class OIDCProviderError extends Error {
    error: string;
    error_description?: string;
    status: number;
  }
  export const errors: {
    InvalidRequest: new (description?: string) => OIDCProviderError;
    OIDCProviderError: typeof OIDCProviderError;
  };

  export default Provider;
}
