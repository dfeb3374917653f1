import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { addressLimited } from '../../http/address-limit.js';
import { NoSigningCertificateError, signDigest } from '../../modules/signatures/crypto/index.js';
import { escapeHtml, layout, messagePage } from '../idp/pages.js';
import type { ResidentDirectory } from '../idp/residents.js';
import type { SigningAppRepository, SigningTransaction } from './signing-app.repository.js';
import type { TestCaStore } from './test-ca.store.js';

const TRANSACTION_TTL_MS = 10 * 60_000;
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

const Register = z.object({ client_id: z.string().min(1), digests: z.array(hex64).min(1).max(20) });
const Authorize = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  scope: z.string().refine((s) => s.split(' ').includes('sign'), 'scope must include sign'),
  state: z.string().min(16).max(200),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
  transaction_id: z.string().min(1),
});
const Token = z.object({
  code: z.string().min(1),
  code_verifier: z.string().min(43).max(128),
  client_id: z.string().min(1),
});

export interface SigningAppOptions {
  transactions: SigningAppRepository;
  residents: ResidentDirectory;
  ca: TestCaStore;
  clock: () => Date;
  /** The portal clients and where each may send residents back (registered redirect URIs). */
  clients: Record<string, string[]>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

function signPage(
  params: z.infer<typeof Authorize>,
  residents: { subject: string; label: string }[],
  error?: string,
) {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const options = residents
    .map((r) => `<option value="${escapeHtml(r.subject)}">${escapeHtml(r.label)}</option>`)
    .join('');
  return layout(
    `${error ? 'エラー：' : ''}電子署名（開発用の署名アプリ）`,
    `<h1>マイナンバーカードで電子署名</h1>
${error ? `<div class="alert" role="alert" id="error-summary"><p>${escapeHtml(error)}</p></div>` : ''}
<p>ポータルの申請書に、署名用電子証明書で電子署名します。</p>
<form method="post" action="authorize">${hidden}
<div class="field"><label for="subject">テスト住民（読み取るマイナンバーカード）</label>
<select id="subject" name="subject" required>${options}</select></div>
<div class="field"><label for="pin">署名用電子証明書の暗証番号（開発用：カードの4桁の暗証番号）</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" pattern="[0-9]{4}" required></div>
<div class="actions"><button type="submit">署名する</button></div>
</form>`,
  );
}

/**
 * The development stand-in of the signing app (modelled on the Digital Authentication App): the portal
 * registers a sign transaction over SHA-256 digests, sends the resident here by deep link (an
 * authorization request with scope `sign`, PKCE S256 and the transaction id), the resident signs with
 * the test resident's key from the local test CA, and the portal redeems the code once for the raw
 * PKCS#1 v1.5 signatures and the signing certificate. The CA's chain and CRL are published here.
 */
export async function signingAppPlugin(app: FastifyInstance, opts: SigningAppOptions) {
  const { transactions, residents, ca, clock } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/api/transactions', async (request, reply) => {
    const body = Register.safeParse(request.body);
    if (!body.success || !opts.clients[body.data.client_id])
      return reply.code(400).send({ error: 'invalid_request' });
    const id = randomBytes(18).toString('base64url');
    const expiresAt = new Date(clock().getTime() + TRANSACTION_TTL_MS);
    await transactions.create({ id, clientId: body.data.client_id, digests: body.data.digests, expiresAt });
    return { transaction_id: id, expires_at: expiresAt.toISOString() };
  });

  type Checked =
    { ok: false; error: string } | { ok: true; params: z.infer<typeof Authorize>; tx: SigningTransaction };

  async function check(query: unknown): Promise<Checked> {
    const params = Authorize.safeParse(query);
    if (!params.success)
      return { ok: false, error: '署名の依頼が正しくありません。ポータルからやり直してください。' };
    const allowed = opts.clients[params.data.client_id] ?? [];
    if (!allowed.includes(params.data.redirect_uri))
      return { ok: false, error: '登録されていない戻り先です。' };
    const tx = await transactions.find(params.data.transaction_id, clock());
    if (!tx || tx.status !== 'registered' || tx.clientId !== params.data.client_id) {
      return { ok: false, error: 'この署名の依頼は期限切れか、すでに使われています。' };
    }
    return { ok: true, params: params.data, tx };
  }

  const residentOptions = async () =>
    (await residents.list()).map((r) => ({
      subject: r.subject,
      label: `${r.lastName} ${r.firstName}（${r.subject}）`,
    }));

  app.get('/authorize', async (request, reply) => {
    const checked = await check(request.query);
    if (!checked.ok) return html(reply, 400, messagePage('署名できません', checked.error));
    return html(reply, 200, signPage(checked.params, await residentOptions()));
  });

  // The signing PIN is tried against the resident's card: counted per client address like sign-ins.
  app.post('/authorize', { config: addressLimited('card-pin') }, async (request, reply) => {
    const checked = await check(request.body);
    if (!checked.ok) return html(reply, 400, messagePage('署名できません', checked.error));
    const { params, tx } = checked;
    const form = request.body as { subject?: string; pin?: string };
    const resident = form.subject ? await residents.find(form.subject) : null;
    if (!resident)
      return html(reply, 400, signPage(params, await residentOptions(), 'テスト住民を選んでください。'));
    const pin = await residents.checkPin(resident, String(form.pin ?? ''));
    if (pin.status === 'locked') {
      return html(
        reply,
        423,
        messagePage(
          'カードがロックされています',
          '暗証番号を続けて間違えたため、このカードは使えません。市区町村の窓口で解除してください。',
        ),
      );
    }
    if (pin.status === 'wrong') {
      return html(
        reply,
        401,
        signPage(
          params,
          await residentOptions(),
          `暗証番号が違います（あと${pin.remaining}回でロックされます）。`,
        ),
      );
    }
    let certificate;
    try {
      certificate = await ca.certificateOf(resident);
    } catch (err) {
      if (err instanceof NoSigningCertificateError) {
        return html(
          reply,
          403,
          messagePage('署名用電子証明書がありません', '15歳未満の方には署名用電子証明書が発行されません。'),
        );
      }
      throw err;
    }
    const code = randomBytes(24).toString('base64url');
    const signatures = tx.digests.map((digest) => ({
      digest,
      signature: Buffer.from(signDigest(certificate.privateKeyPem, digest)).toString('base64'),
    }));
    const moved = await transactions.move(tx, {
      status: 'signed',
      subject: resident.subject,
      code,
      result: {
        code_challenge: params.code_challenge,
        redirect_uri: params.redirect_uri,
        signatures,
        certificate_pem: certificate.certificatePem,
        chain_pems: certificate.chainPems,
      },
    });
    if (!moved)
      return html(reply, 409, messagePage('署名できません', 'この署名の依頼はすでに使われています。'));
    const back = new URL(params.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', params.state);
    return reply.redirect(back.toString(), 303);
  });

  app.post('/api/token', async (request, reply) => {
    const body = Token.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    const tx = await transactions.byCode(body.data.code, clock());
    const result = (tx?.result ?? {}) as { code_challenge?: string };
    if (!tx || tx.status !== 'signed' || tx.clientId !== body.data.client_id) {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    if (result.code_challenge !== s256(body.data.code_verifier)) {
      return reply.code(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    const redeemed = await transactions.move(tx, { status: 'redeemed' });
    if (!redeemed) return reply.code(400).send({ error: 'invalid_grant' });
    const { signatures, certificate_pem, chain_pems } = tx.result as Record<string, unknown>;
    return { transaction_id: tx.id, signatures, certificate_pem, chain_pems };
  });

  app.get('/ca/chain.pem', async (_request, reply) => {
    const authority = await ca.testCa();
    return reply.type('application/x-pem-file').send(authority.trustedCaPems.join('\n'));
  });

  app.get('/ca/crl.pem', async (_request, reply) =>
    reply.type('application/x-pem-file').send(await ca.crlPem()),
  );

  /** A tester's tool: revoke a resident's signing certificate (it then appears in the CRL). */
  app.post('/api/revocations', async (request, reply) => {
    const body = z.object({ subject: z.string().min(1) }).safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    const resident = await residents.find(body.data.subject);
    if (!resident) return reply.code(404).send({ error: 'not_found' });
    const certificate = await ca.certificateOf(resident);
    await transactions.revoke(certificate.serial, 'keyCompromise');
    return { serial: certificate.serial };
  });
}
