import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { Db } from '../../db/client.js';
import { addressLimited } from '../../http/address-limit.js';
import { AppError } from '../../http/errors.js';
import type { ClientKey } from '../../modules/identity/client-key.js';
import { MAX_PIN_ATTEMPTS, createResidentDirectory } from './residents.js';
import { createDevProvider, providerKeys } from './provider.js';
import { messagePage, signInPage } from './pages.js';

export interface IdentityProviderPluginOptions {
  db: Db;
  issuer: string;
  clientId: string;
  redirectUris: string[];
  clientKey: () => Promise<ClientKey>;
}

/**
 * Mounts the development identity provider under the plugin's prefix (/dev/idp). The provider is built on
 * the first request (its keys come from the database). Bodies are not parsed here: oidc-provider reads
 * the raw request itself; only the interaction form is parsed, by its own routes.
 */
export async function identityProviderPlugin(app: FastifyInstance, opts: IdentityProviderPluginOptions) {
  const mountPath = app.prefix;
  const residents = createResidentDirectory(opts.db);

  type Mounted = { provider: Provider; handle: ReturnType<Provider['callback']> };
  let pending: Promise<Mounted> | null = null;
  const mounted = () => {
    pending ??= (async () => {
      const provider = createDevProvider({
        db: opts.db,
        issuer: opts.issuer,
        mountPath,
        client: { clientId: opts.clientId, redirectUris: opts.redirectUris, key: await opts.clientKey() },
        residents,
        keys: await providerKeys(opts.db),
      });
      return { provider, handle: provider.callback() };
    })();
    pending.catch(() => {
      pending = null;
    });
    return pending;
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  /** oidc-provider sees the path without the prefix and finds the prefix from `originalUrl`. */
  async function delegate(request: FastifyRequest, reply: FastifyReply) {
    const { handle } = await mounted();
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // The strict headers set for every answer (CSP, no framing...) apply to the provider's answers too.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(mountPath.length) || '/';
    if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
    await handle(raw, reply.raw);
  }
  app.all('/*', delegate);

  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(body);

    // A browser posted this form: the address limit's refusal is a page to read, not the API's JSON.
    forms.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      const minutes = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60) / 60));
      return html(
        reply,
        429,
        messagePage(
          'しばらくお待ちください',
          `この端末から暗証番号の入力が続けて失敗しました。${minutes}分ほど待ってから、もう一度お試しください。`,
          'カードの暗証番号が分からないときは、お住まいの市区町村の窓口で再設定できます。',
        ),
      );
    });

    const expired = (reply: FastifyReply) =>
      html(
        reply,
        400,
        messagePage(
          '本人確認の有効期限が切れました',
          'この画面は使えなくなりました。ポータルに戻り、もう一度最初からやり直してください。',
        ),
      );

    /** The interaction of this browser (its cookie) for the uid in the path, or null. */
    async function interaction(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
      const { provider: p } = await mounted();
      try {
        const details = await p.interactionDetails(request.raw, reply.raw);
        return details.uid === request.params.uid ? { p, details } : null;
      } catch {
        return null;
      }
    }

    forms.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      const found = await interaction(request, reply);
      if (!found) return expired(reply);
      return html(
        reply,
        200,
        signInPage({
          action: `${mountPath}/interaction/${found.details.uid}`,
          scope: String(found.details.params.scope ?? ''),
          residents: await residents.list(),
        }),
      );
    });

    // The PIN is tried against the resident's card: counted per client address like the portal's sign-ins.
    forms.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      '/interaction/:uid',
      { config: addressLimited('card-pin') },
      async (request, reply) => {
        const found = await interaction(request, reply);
        if (!found) return expired(reply);
        const { p, details } = found;
        const body = request.body ?? {};
        const finish = async (result: Parameters<Provider['interactionFinished']>[2]) => {
          reply.hijack();
          await p.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
        };
        if (body.action === 'cancel') {
          // Leaving with a locked card is not a cancel: the portal is told, to say how to unlock it.
          if (body.subject && (await residents.isLocked(body.subject))) {
            return finish({
              error: 'card_locked',
              error_description: 'the card is locked: its PIN was entered wrongly too many times',
            });
          }
          return finish({ error: 'access_denied', error_description: 'the resident cancelled' });
        }
        const page = async (
          status: number,
          error: Parameters<typeof signInPage>[0]['error'],
          selected?: string,
          locked = false,
        ) =>
          html(
            reply,
            status,
            signInPage({
              action: `${mountPath}/interaction/${details.uid}`,
              scope: String(details.params.scope ?? ''),
              residents: await residents.list(),
              ...(selected ? { selected } : {}),
              ...(locked ? { locked } : {}),
              error,
            }),
          );
        const resident = body.subject ? await residents.find(body.subject) : null;
        if (!resident) {
          return page(400, {
            title: '住民を選んでください',
            message: 'テスト住民を選んでください。',
            field: 'subject',
          });
        }
        const pin = body.pin ?? '';
        if (!/^\d{4}$/.test(pin)) {
          return page(
            400,
            {
              title: '暗証番号は数字4桁です',
              message: '暗証番号を数字4桁で入力してください。',
              field: 'pin',
            },
            resident.subject,
          );
        }
        const check = await residents.checkPin(resident, pin);
        if (check.status === 'locked') {
          return page(
            423,
            {
              title: 'カードがロックされています',
              message: `${check.justLocked ? `暗証番号を${MAX_PIN_ATTEMPTS}回続けて間違えたため、` : ''}このマイナンバーカードの利用者証明用電子証明書はロックされています。お住まいの市区町村の窓口で暗証番号の再設定を行ってください。`,
              field: 'pin',
            },
            resident.subject,
            true,
          );
        }
        if (check.status === 'wrong') {
          return page(
            400,
            {
              title: '暗証番号が違います',
              message: `暗証番号が違います。あと${check.remaining}回間違えるとカードがロックされます。`,
              field: 'pin',
            },
            resident.subject,
          );
        }
        return finish({ login: { accountId: resident.subject, amr: ['pin'], remember: false } });
      },
    );
  });
}
