import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxMessage, OutboxRepository } from './outbox.repository.js';

const LIMIT = 50;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** http(s) addresses: the ASCII characters of a URL, without quotes, brackets or parentheses around it. */
const urlPattern = /https?:\/\/[A-Za-z0-9\-._~:/?#@!$&*+,;=%]+/g;

/** The mail text as HTML: escaped, line breaks kept, every http(s) address a link. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const time = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const style = `
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans JP",system-ui,sans-serif;color:#1A1A1C;background:#F2F2F2;line-height:1.7;font-size:1rem}
.banner{background:#1A1A1C;color:#fff;padding:.5rem 1rem;font-size:.875rem}
main{max-width:48rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
article{border-top:1px solid #949497;padding:1rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:0 0 .5rem;font-size:.875rem}
dt{font-weight:700}
dd{margin:0;word-break:break-all}
.text{white-space:pre-wrap;word-break:break-all;margin:0}
a{color:#003EE5;text-decoration:underline}
:focus-visible{outline:4px solid #000;outline-offset:2px;box-shadow:0 0 0 2px #FFD43D}
`;

function message(m: OutboxMessage): string {
  const heading = `mail-${m.id}`;
  return `<article aria-labelledby="${heading}">
<h2 id="${heading}">${escapeHtml(m.subject)}</h2>
<dl>
<dt>宛先</dt><dd>${escapeHtml(m.to)}</dd>
<dt>差出人</dt><dd>${escapeHtml(m.from)}</dd>
<dt>送信日時</dt><dd><time datetime="${m.createdAt.toISOString()}">${escapeHtml(time.format(m.createdAt))}</time></dd>
</dl>
<p class="text">${linkify(m.text)}</p>
</article>`;
}

/** The outbox page: the latest mails, newest first, with their links clickable. No scripts. */
export function outboxPage(messages: OutboxMessage[], to: string | undefined): string {
  const title = '送信メール（開発用）';
  const intro = to
    ? `<p>${escapeHtml(to)} 宛ての最新 ${LIMIT} 件です（新しい順）。<a href="?">すべての宛先を表示</a></p>`
    : `<p>ポータルが送信したメールの最新 ${LIMIT} 件です（新しい順）。</p>`;
  const list =
    messages.length > 0 ? messages.map(message).join('\n') : '<p role="status">メールはまだありません。</p>';
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
<div class="banner" role="note">開発用の送信箱です。SMTP_URL が設定されていないため、メールは送信されずここに保存されています。</div>
<main>
<h1>${title}</h1>
${intro}
${list}
</main>
</body>
</html>`;
}

const Query = z.object({ to: z.string().max(254).optional() });

/** The development outbox at /dev/outbox (only when simulators are on): `?to=` shows one recipient's mails. */
export async function outboxPlugin(app: FastifyInstance, opts: { outbox: OutboxRepository }) {
  app.get('/', async (request, reply) => {
    const query = Query.safeParse(request.query);
    const to = query.success && query.data.to ? query.data.to : undefined;
    const messages = await opts.outbox.latest({ limit: LIMIT, ...(to ? { to } : {}) });
    return reply.type('text/html; charset=utf-8').send(outboxPage(messages, to));
  });
}
