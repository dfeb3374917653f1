import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  createBackgroundWork,
  createMailer,
  createOutboxMailer,
  createSmtpMailer,
  smtpUrlWithTimeouts,
  type OutboxStore,
} from './mailer.js';

interface Received {
  auth: string | null;
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server (EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) that keeps what it receives. */
function fakeSmtpServer() {
  const received: Received[] = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let auth: string | null = null;
    let current: Omit<Received, 'auth'> = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ auth, ...current });
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (verb === 'AUTH') {
          auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          reply('235 2.7.0 accepted');
        } else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        // Any other verb gets SMTP's own answer for a command the server does not offer (RFC 5321 4.2.4).
        else reply('502 5.5.1 command not recognized');
      }
    });
  });
  return { server, received };
}

/** The text of a single-part message (quoted-printable or base64, as nodemailer chooses). */
function bodyOf(data: string): string {
  const [head, ...rest] = data.split('\n\n');
  const body = rest.join('\n\n').trimEnd();
  if (/^Content-Transfer-Encoding: base64$/m.test(head!)) return Buffer.from(body, 'base64').toString('utf8');
  if (!/^Content-Transfer-Encoding: quoted-printable$/m.test(head!)) return body;
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/[^%]/g, (c) => encodeURIComponent(c));
  return decodeURIComponent(bytes);
}

describe('SMTP mailer', () => {
  let smtp: ReturnType<typeof fakeSmtpServer>;
  let port: number;
  beforeAll(async () => {
    smtp = fakeSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => (smtp.server as Server).close(() => resolve())));

  it('sends through the server of SMTP_URL with its credentials and MAIL_FROM as sender', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://portal%40city.example.jp:p%40ss:word@127.0.0.1:${port}`,
      from: 'no-reply@city.example.jp',
    });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'clerk@city.example.jp',
      subject: 'Reset your password',
      text: 'Open https://portal.example.jp/staff/password-reset?token=abc within 30 minutes.',
    });
    await mailer.send({
      to: 'admin@city.example.jp',
      subject: '【デモ市】パスワード再設定のご案内',
      text: '日本語の本文です。',
    });
    await mailer.close();
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received;
    expect(first!.auth).toBe('\0portal@city.example.jp\0p@ss:word');
    expect(first!.from).toBe('no-reply@city.example.jp');
    expect(first!.to).toEqual(['clerk@city.example.jp']);
    expect(first!.data).toMatch(/^From: no-reply@city\.example\.jp$/m);
    expect(first!.data).toMatch(/^To: clerk@city\.example\.jp$/m);
    expect(first!.data).toMatch(/^Subject: Reset your password$/m);
    expect(bodyOf(first!.data)).toBe(
      'Open https://portal.example.jp/staff/password-reset?token=abc within 30 minutes.',
    );
    expect(second!.data).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(second!.data).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(bodyOf(second!.data)).toBe('日本語の本文です。');
  });

  it('sends List-Unsubscribe with the link of a mail the resident may stop', async () => {
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@city.example.jp' });
    const before = smtp.received.length;
    const link = 'https://portal.example.jp/municipalities/999999/notifications/unsubscribe?token=a.b';
    await mailer.send({ to: 'a@example.jp', subject: 'notice', text: `stop: ${link}`, unsubscribeUrl: link });
    await mailer.close();
    const [mail] = smtp.received.slice(before);
    // Unfolded (a long header continues on the next line after a space).
    expect(mail!.data.replace(/\n /g, ' ')).toContain(`List-Unsubscribe: <${link}>`);
  });

  it('fails (rather than hangs) when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${deadPort}`,
      from: 'no-reply@city.example.jp',
    });
    await expect(mailer.send({ to: 'a@city.example.jp', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });

  it('adds connection timeouts unless the URL sets its own', () => {
    const url = new URL(smtpUrlWithTimeouts('smtp://u:p@mail.example.jp:587?connectionTimeout=5000'));
    expect(url.searchParams.get('connectionTimeout')).toBe('5000');
    expect(url.searchParams.get('greetingTimeout')).toBe('10000');
    expect(url.searchParams.get('socketTimeout')).toBe('30000');
    expect(url.username).toBe('u');
  });
});

describe('outbox mailer and the choice of mailer', () => {
  it('keeps mails in the store when SMTP_URL is unset, with sender and time', async () => {
    const stored: Parameters<OutboxStore['add']>[0][] = [];
    const outbox: OutboxStore = { add: async (m) => void stored.push(m) };
    const at = new Date('2026-11-24T09:00:00+09:00');
    const mailer = createMailer({ smtpUrl: undefined, from: 'no-reply@localhost', outbox, clock: () => at });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'a@example.jp', subject: '件名', text: '本文' });
    expect(stored).toEqual([
      { to: 'a@example.jp', subject: '件名', text: '本文', from: 'no-reply@localhost', createdAt: at },
    ]);
    expect(
      createMailer({ smtpUrl: 'smtp://localhost:2525', from: 'x@y.jp', outbox, clock: () => at }).kind,
    ).toBe('smtp');
    expect(createOutboxMailer({ outbox, from: 'x@y.jp', clock: () => at }).kind).toBe('outbox');
  });

  it('reads SMTP_URL and MAIL_FROM from the environment', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'no-reply@localhost' });
    expect(loadConfig({ PUBLIC_URL: 'https://portal.city.example.jp' }).mail.from).toBe(
      'no-reply@portal.city.example.jp',
    );
    expect(
      loadConfig({
        SMTP_URL: 'smtps://u:p@mail.example.jp:465',
        MAIL_FROM: 'デモ市 <portal@city.example.jp>',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example.jp:465', from: 'デモ市 <portal@city.example.jp>' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.jp' })).toThrow(/SMTP_URL/);
  });
});

describe('background work', () => {
  it('runs after the caller continues, reports failures and can be waited for', async () => {
    const errors: unknown[] = [];
    const work = createBackgroundWork((e) => errors.push(e));
    const done: string[] = [];
    work.run(async () => {
      await new Promise((r) => setTimeout(r, 20));
      done.push('mail');
    });
    work.run(async () => {
      throw new Error('smtp down');
    });
    expect(done).toEqual([]);
    await work.idle();
    expect(done).toEqual(['mail']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('smtp down');
    await work.idle();
  });
});
