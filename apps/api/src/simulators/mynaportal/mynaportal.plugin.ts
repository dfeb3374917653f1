import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { addressLimited } from '../../http/address-limit.js';
import type { ResidentDirectory } from '../idp/residents.js';
import type { MynaportalRepository, Resident } from './mynaportal.repository.js';

const SESSION_TTL_MS = 10 * 60_000;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CreateSession = z.object({ redirect_uri: z.url(), state: z.string().min(16).max(200) });
const Consent = z.object({ session_id: z.string().min(1), subject: z.string().min(1), pin: z.string() });

/** What the portal reports about a resident and their household (自己情報), as the real one's result. */
export function selfInformation(resident: Resident, household: Resident[]) {
  return {
    last_name: resident.lastName,
    first_name: resident.firstName,
    last_name_kana: resident.lastNameKana,
    first_name_kana: resident.firstNameKana,
    birth_date: resident.birthDate,
    sex: resident.sex,
    postal_code: resident.postalCode,
    address: resident.address,
    phone: resident.phone,
    household: household
      .filter((h) => h.subject !== resident.subject)
      .map((h) => ({ last_name: h.lastName, first_name: h.firstName, birth_date: h.birthDate, sex: h.sex })),
  };
}

function page(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>マイナポータル（開発用）</title></head><body><main><h1>マイナポータル（開発用の代替）</h1>${body}</main></body></html>`,
    );
}

/**
 * The development stand-in of the national personal portal: the portal creates a session, sends the
 * resident here to consent, polls the status, then fetches the result once.
 */
export async function mynaportalPlugin(
  app: FastifyInstance,
  opts: { portal: MynaportalRepository; residents: ResidentDirectory; clock: () => Date; baseUrl: string },
) {
  const { portal, residents, clock } = opts;
  // The consent page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/api/sessions', async (request, reply) => {
    const body = CreateSession.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    const id = randomBytes(24).toString('base64url');
    await portal.create({
      id,
      status: 'created',
      expiresAt: new Date(clock().getTime() + SESSION_TTL_MS),
      result: { redirect_uri: body.data.redirect_uri, state: body.data.state },
    });
    const authorize = new URL(`${opts.baseUrl}/authorize`);
    authorize.searchParams.set('session_id', id);
    return { session_id: id, authorize_url: authorize.toString() };
  });

  app.get('/api/sessions/:id/status', async (request, reply) => {
    const session = await portal.find((request.params as { id: string }).id, clock());
    if (!session) return reply.code(404).send({ error: 'not_found' });
    return { status: session.status };
  });

  app.get('/api/sessions/:id/result', async (request, reply) => {
    const session = await portal.find((request.params as { id: string }).id, clock());
    if (!session || session.status !== 'ready') return reply.code(409).send({ error: 'not_ready' });
    await portal.update(session.id, { status: 'fetched' });
    return { self_information: (session.result as { self_information: unknown }).self_information };
  });

  app.get('/authorize', async (request, reply) => {
    const id = String((request.query as { session_id?: string }).session_id ?? '');
    const session = await portal.find(id, clock());
    if (!session || session.status !== 'created')
      return page(reply, 404, '<p role="alert">この手続きは期限切れか、無効です。</p>');
    const options = (await portal.residents())
      .map(
        (r) =>
          `<option value="${escape(r.subject)}">${escape(`${r.lastName} ${r.firstName}（${r.subject}）`)}</option>`,
      )
      .join('');
    return page(
      reply,
      200,
      `<p>自己情報を申請先の自治体に提供します。テスト用の住民を選び、利用者証明用電子証明書の暗証番号（4桁）を入力してください。</p>` +
        `<form method="post" action="authorize"><input type="hidden" name="session_id" value="${escape(id)}">` +
        `<p><label for="subject">住民</label><select id="subject" name="subject">${options}</select></p>` +
        `<p><label for="pin">暗証番号（4桁）</label><input id="pin" name="pin" inputmode="numeric" autocomplete="off" pattern="\\d{4}" required></p>` +
        `<p><button type="submit">提供に同意する</button></p></form>`,
    );
  });

  // The PIN is tried against the resident's card: counted per client address like the portal's sign-ins.
  app.post('/authorize', { config: addressLimited('card-pin') }, async (request, reply) => {
    const body = Consent.safeParse(request.body);
    if (!body.success) return page(reply, 400, '<p role="alert">入力が正しくありません。</p>');
    const session = await portal.find(body.data.session_id, clock());
    if (!session || session.status !== 'created')
      return page(reply, 404, '<p role="alert">この手続きは期限切れか、無効です。</p>');
    const card = await residents.find(body.data.subject);
    const resident = card ? await portal.resident(card.subject) : null;
    if (!card || !resident) return page(reply, 400, '<p role="alert">テスト住民を選んでください。</p>');
    // The same card and PIN counter as the identity provider: three wrong PINs lock it.
    const pin = await residents.checkPin(card, body.data.pin);
    if (pin.status === 'locked')
      return page(
        reply,
        423,
        '<p role="alert">カードがロックされています。市区町村の窓口で解除してください。</p>',
      );
    if (pin.status === 'wrong')
      return page(
        reply,
        401,
        `<p role="alert">暗証番号が違います（あと${pin.remaining}回でロックされます）。</p>`,
      );
    const { redirect_uri, state } = session.result as { redirect_uri: string; state: string };
    await portal.update(session.id, {
      status: 'ready',
      subject: resident.subject,
      result: {
        redirect_uri,
        state,
        self_information: selfInformation(resident, await portal.household(resident)),
      },
    });
    const back = new URL(redirect_uri);
    back.searchParams.set('state', state);
    return reply.redirect(back.toString(), 303);
  });
}
