// The applicant's public pages come from the server with their heading and main text in the HTML, before
// any script runs, in Japanese and in English (decision 0060). Runs against the built web targets
// (apps/web/dist, built here when its server render module is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalTestApp, type PortalTestApp } from '../testing/portal-app.js';
import { PAGE_FORM_CSRF_PLACEHOLDER } from '@portal/contracts';
import { LANGUAGE_COOKIE, pageHtml, SERVER_RENDER_MODULE, webPlugin } from './web.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const webRoot = `${repo}apps/web/dist`;

const pages = [
  {
    path: '/municipalities/999999',
    ja: { h1: 'デモ市のオンライン申請', text: '手続きを選んで、オンラインで申請できます。' },
    en: { h1: 'Online applications: Demo City', text: 'Choose a procedure and apply online.' },
  },
  {
    path: '/municipalities/999999/terms',
    ja: { h1: 'デモ市オンライン申請 利用規約', text: 'この規約は、デモ市が提供するオンライン申請サービス' },
    en: { h1: 'デモ市オンライン申請 利用規約', text: 'この規約は、デモ市が提供するオンライン申請サービス' },
  },
  {
    path: '/municipalities/999999/privacy',
    ja: { h1: 'プライバシーポリシー', text: 'オンライン申請ポータル（以下「本サービス」）では' },
    en: { h1: 'Privacy policy', text: 'The online application portal' },
  },
  {
    path: '/municipalities/999999/entrance?procedure_group_id=1',
    ja: { h1: '出生・子育ての申請を始める', text: '利用規約に同意します' },
    en: { h1: 'Start: Birth and childcare', text: 'I agree to the terms of use' },
  },
  {
    path: '/municipalities/999999/conciergeFilter?procedure_group_id=1',
    ja: { h1: 'あなたに必要な手続きを確認します', text: 'お子さんは生まれましたか？' },
    en: { h1: 'Find out which procedures you need', text: 'Has your child been born?' },
  },
] as const;

/** The text of the HTML with its tags taken out (React puts comments between adjacent texts). */
const textOf = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/&#x27;/g, "'");

describe('server-rendered public pages', () => {
  let portal: PortalTestApp;
  beforeAll(async () => {
    if (!existsSync(`${webRoot}/${SERVER_RENDER_MODULE}`)) {
      execFileSync('node', ['apps/web/build.mjs'], { cwd: repo, stdio: 'ignore' });
    }
    portal = await createPortalTestApp('pglite', { webRoot });
  }, 600_000);
  afterAll(async () => portal?.close());

  const get = (url: string, cookie?: string) =>
    portal.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  for (const page of pages) {
    for (const language of ['ja', 'en'] as const) {
      it(`${page.path} holds its h1 and main text in ${language}`, async () => {
        const res = await get(page.path, language === 'en' ? `${LANGUAGE_COOKIE}=en` : undefined);
        expect(res.statusCode).toBe(200);
        const html = res.body;
        expect(html).toContain(`<html lang="${language}">`);
        const root = textOf(html.slice(html.indexOf('<div id="root">')));
        const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1] ?? '';
        expect(h1).toContain(page[language].h1);
        expect(h1.length).toBeGreaterThan(0);
        expect(root).toContain(page[language].text);
        // The state the browser hydrates from is data, not a script the CSP would have to allow.
        expect(html).toContain('<script type="application/json" id="ssr-state">');
        for (const script of html.match(/<script[^>]*>/g) ?? []) {
          expect(script).toMatch(/ src="|type="application\/json"/);
        }
        // The app starts when the visitor first acts on the page (decision 0062): nothing of it loads before.
        expect(html).toMatch(
          /<script type="module" src="\/app-start\.js" data-app-entry="\/assets\/index-[\w-]+\.js">/,
        );
        expect(html).not.toContain('modulepreload');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(html).toContain('<style data-emotion="css');
      });
    }
  }

  it('sends the same HTML again from its cache', async () => {
    const first = await get('/municipalities/999999/terms');
    const second = await get('/municipalities/999999/terms');
    expect(second.body).toBe(first.body);
  });

  describe('plain forms (decision 0061)', () => {
    const entrance = '/municipalities/999999/entrance?procedure_group_id=1';
    const filter = '/municipalities/999999/conciergeFilter';
    /** A browser without JavaScript: its CSRF cookie, and the token the page it got holds. */
    const visit = async (url: string, cookies?: string) => {
      const res = await get(url, cookies);
      const set = [res.headers['set-cookie'] ?? []].flat().map((c) => String(c).split(';')[0]);
      return {
        res,
        cookie: set.find((c) => c?.startsWith('portal_csrf=')) ?? cookies ?? '',
        token: /name="csrf_token" value="([^"]*)"/.exec(res.body)?.[1] ?? '',
      };
    };
    const post = (path: string, cookies: string, fields: Record<string, string>) =>
      portal.app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });

    it("puts each browser's own token into the shared page, never the placeholder", async () => {
      const one = await visit(entrance);
      const two = await visit(entrance);
      expect(one.token).toMatch(/^[\w-]{43}$/);
      expect(two.token).not.toBe(one.token);
      expect(one.res.body).not.toContain(PAGE_FORM_CSRF_PLACEHOLDER);
      expect(one.res.headers['cache-control']).toBe('private, no-cache');
      // A browser that has its cookie keeps it: the page holds the token of that cookie.
      const again = await visit(entrance, one.cookie);
      expect(again.token).toBe(one.token);
      expect(again.res.headers['set-cookie']).toBeUndefined();
      // The pages without a form are shared as they are.
      expect((await get('/municipalities/999999/terms')).headers['cache-control']).toBe('no-cache');
    });

    it('the entrance opens the filter once the terms are agreed, and goes back otherwise', async () => {
      const { cookie, token } = await visit(entrance);
      const fields = { csrf_token: token, procedure_group_id: '1' };
      const agreed = await post('/municipalities/999999/entrance', cookie, { ...fields, agree: 'yes' });
      expect(agreed.statusCode).toBe(303);
      expect(agreed.headers.location).toBe(`${filter}?procedure_group_id=1`);
      const notAgreed = await post('/municipalities/999999/entrance', cookie, fields);
      expect(notAgreed.headers.location).toBe(entrance);
      // Another browser's token, or none: back to the page, which carries a fresh one.
      const other = await visit(entrance);
      for (const sent of [other.token, '']) {
        const refused = await post('/municipalities/999999/entrance', cookie, {
          ...fields,
          csrf_token: sent,
          agree: 'yes',
        });
        expect(refused.statusCode).toBe(303);
        expect(refused.headers.location).toBe(entrance);
      }
      const unknown = await post('/municipalities/888888/entrance', cookie, { ...fields, agree: 'yes' });
      expect(unknown.statusCode).toBe(404);
    });

    it('the filter: each post opens the page for the answers, the last one the decision', async () => {
      let url = `${filter}?procedure_group_id=1`;
      const seen: string[] = [];
      let page = await visit(url);
      const cookie = page.cookie;
      while (!page.res.body.includes('data-testid="applicable-procedures"') && seen.length < 8) {
        // Every question the page shows: its choice so far, else its first option, as a resident ticks.
        const fields: Record<string, string> = { csrf_token: page.token, procedure_group_id: '1' };
        for (const [input] of page.res.body.matchAll(/<input[^>]*type="radio"[^>]*>/g)) {
          const name = /name="([^"]+)"/.exec(input)?.[1] ?? '';
          const value = /value="([^"]+)"/.exec(input)?.[1] ?? '';
          if (input.includes('checked') || fields[name] === undefined) fields[name] = value;
        }
        const res = await post(filter, cookie, fields);
        expect(res.statusCode).toBe(303);
        url = String(res.headers.location);
        seen.push(url);
        page = await visit(url, cookie);
      }
      // The address the script keeps for the same answers, and the server's decision in the page.
      expect(seen).toEqual([
        `${filter}?procedure_group_id=1&answers=%221%22`,
        `${filter}?procedure_group_id=1&answers=1-3-5`,
        `${filter}?procedure_group_id=1&answers=1-3-5-7`,
      ]);
      const root = textOf(page.res.body.slice(page.res.body.indexOf('<div id="root">')));
      for (const name of ['出生届', '児童手当 認定請求', '子ども医療費助成 受給資格の申請']) {
        expect(root).toContain(name);
      }
      expect(page.res.body).toContain('href="/api/applicant/login/?municipality_code=999999&amp;return_to=');
      expect(page.res.body).toContain('"applicant.concierge_filter.evaluate"');
    });

    it('counts only choices of the questions shown, and ends the way when the answers rule it out', async () => {
      const { cookie, token } = await visit(`${filter}?procedure_group_id=1`);
      const fields = { csrf_token: token, procedure_group_id: '1' };
      // An option of another question, and a question the first answer hides.
      const stray = await post(filter, cookie, {
        ...fields,
        'concierge-1': '1',
        'concierge-2': '99',
        'concierge-3': '5',
      });
      expect(stray.headers.location).toBe(`${filter}?procedure_group_id=1&answers=1-5`);
      const notBorn = await post(filter, cookie, { ...fields, 'concierge-1': '2', 'concierge-2': '3' });
      expect(notBorn.headers.location).toBe(`${filter}?procedure_group_id=1&answers=%222%22`);
      expect((await get(String(notBorn.headers.location))).body).toContain('data-testid="scoped-out"');
      // A group that does not exist: back to the filter's page for it, which says so.
      const unknown = await post(filter, cookie, {
        ...fields,
        procedure_group_id: '999',
        'concierge-1': '1',
      });
      expect(unknown.headers.location).toBe(`${filter}?procedure_group_id=999`);
    });
  });

  it('the language switch as a plain form: remembers the language and goes back to the page', async () => {
    const from = 'http://localhost/municipalities/999999/entrance?procedure_group_id=1';
    const res = await portal.app.inject({
      method: 'GET',
      url: '/language?to=en',
      headers: { referer: from },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/municipalities/999999/entrance?procedure_group_id=1');
    expect(String(res.headers['set-cookie'])).toContain('portal_language_from_form=1; Path=/; SameSite=Lax');
    expect(String(res.headers['set-cookie'])).toMatch(
      /^portal_language=en; Max-Age=31536000; Path=\/; SameSite=Lax/,
    );
    // Another site's page, or none: the top. A language that is none: nothing remembered.
    const foreign = await portal.app.inject({
      method: 'GET',
      url: '/language?to=xx',
      headers: { referer: 'https://example.com/phish' },
    });
    expect(foreign.headers.location).toBe('/');
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });

  it("leaves a signed-in resident's pages to the browser (the shell, no state)", async () => {
    const res = await get('/municipalities/999999', 'portal_applicant_session=x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="app-shell"');
    expect(res.body).not.toContain('id="ssr-state"');
  });

  describe('not-found pages (decision 0063)', () => {
    const notFound = [
      {
        path: '/no-such-page',
        ja: { h1: 'ページが見つかりません', text: '開いたアドレス：/no-such-page' },
        en: { h1: 'Page not found', text: 'The address you opened: /no-such-page' },
      },
      {
        // In a municipality that exists: its header names it.
        path: '/municipalities/999999/no-such-page',
        ja: { h1: 'ページが見つかりません', text: 'デモ市' },
        en: { h1: 'Page not found', text: 'Demo City' },
      },
      {
        path: '/municipalities/888888/terms',
        ja: {
          h1: '自治体が見つかりません',
          text: '自治体コード「888888」の自治体は、このポータルにありません。',
        },
        en: {
          h1: 'Municipality not found',
          text: 'There is no municipality with the code “888888” on this portal.',
        },
      },
    ] as const;
    for (const page of notFound) {
      for (const language of ['ja', 'en'] as const) {
        it(`${page.path} holds its h1 and text in ${language}, with 404`, async () => {
          const res = await get(page.path, language === 'en' ? `${LANGUAGE_COOKIE}=en` : undefined);
          expect(res.statusCode).toBe(404);
          expect(res.body).toContain(`<html lang="${language}">`);
          expect(res.body).toContain('id="ssr-state"');
          const root = textOf(res.body.slice(res.body.indexOf('<div id="root">')));
          expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1]).toBe(page[language].h1);
          expect(root).toContain(page[language].text);
          expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1]).toContain(page[language].h1);
          expect(res.body).not.toContain('portal-not-found');
        });
      }
    }

    it('shows each address as the browser does (decoded, escaped), from one render per kind', async () => {
      const one = await get('/municipalities/999999/a%3Cb%3E%26%22%E3%81%82');
      expect(one.statusCode).toBe(404);
      expect(one.body).toContain('開いたアドレス：/municipalities/999999/a&lt;b&gt;%26&quot;あ');
      expect(one.body).not.toContain('<b>');
      const two = await get('/municipalities/999999/other');
      expect(two.body).toContain('開いたアドレス：/municipalities/999999/other');
      // The same page but for the address: one render served both.
      const strip = (html: string) => html.replace(/開いたアドレス：[^<]*/, '');
      expect(strip(two.body)).toBe(strip(one.body));
      const codes = [await get('/municipalities/888888'), await get('/municipalities/777777')];
      expect(codes[1]?.body).toContain('自治体コード「777777」');
      expect(strip(codes[1]?.body ?? '').replace('777777', 'X')).toBe(
        strip(codes[0]?.body ?? '').replace('888888', 'X'),
      );
    });

    it("draws one page per kind: one address's drawing, filled, is another's page", async () => {
      // The module the server loaded (one instance per file), its calls already pointed at the server.
      const render = (await import(pathToFileURL(`${webRoot}/${SERVER_RENDER_MODULE}`).href)) as {
        loadNotFoundPage(
          path: string,
          language: 'ja',
        ): Promise<{
          href: string;
          dataKey: string;
          render(): Promise<{ body: string }>;
          fill(html: string): string;
        } | null>;
      };
      const [a, b] = await Promise.all([
        render.loadNotFoundPage('/municipalities/999999/a', 'ja'),
        render.loadNotFoundPage('/municipalities/999999/b', 'ja'),
      ]);
      expect(b?.href).toBe(a?.href);
      expect(b?.dataKey).toBe(a?.dataKey);
      const drawn = (await a?.render())?.body ?? '';
      expect(drawn).not.toContain('/municipalities/999999/a');
      expect(b?.fill(drawn)).toContain('開いたアドレス：/municipalities/999999/b');
      // Unknown codes share one page, not the one of the municipality that exists.
      const [known, unknown] = await Promise.all([
        render.loadNotFoundPage('/municipalities/888888/a', 'ja'),
        render.loadNotFoundPage('/municipalities/777777/b', 'ja'),
      ]);
      expect(unknown?.href).toBe(known?.href);
      expect(known?.href).not.toBe(a?.href);
    });

    it("leaves a signed-in resident's not-found page to the browser, and staging's", async () => {
      for (const [url, cookie] of [
        ['/no-such-page', 'portal_applicant_session=x'],
        ['/stg/no-such-page', undefined],
      ] as const) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('class="app-shell"');
      }
    });
  });

  it('sends the top page on to the municipality its router opens (302), as the browser would go', async () => {
    const res = await get('/?utm_source=qr');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/municipalities/999999');
  });

  it('keeps the shell for the pages it does not render and for staging', async () => {
    for (const url of ['/municipalities/999999/applications', '/stg/municipalities/999999/terms']) {
      const res = await get(url);
      expect(res.body).toContain('class="app-shell"');
      expect(res.body).not.toContain('id="ssr-state"');
    }
  });
});

describe('rendered pages are counted per visitor, not as the server (decision 0063)', () => {
  let portal: PortalTestApp;
  beforeAll(async () => {
    if (!existsSync(`${webRoot}/${SERVER_RENDER_MODULE}`)) {
      execFileSync('node', ['apps/web/build.mjs'], { cwd: repo, stdio: 'ignore' });
    }
    // Four reads a minute for each address: a render's own calls (two or three) would soon pass it.
    portal = await createPortalTestApp('pglite', {
      webRoot,
      env: { RATE_LIMIT_READS: '4', RATE_LIMIT_ADDRESS_FACTOR: '1' },
    });
  }, 600_000);
  afterAll(async () => portal?.close());
  const view = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    portal.app.inject({ method: 'GET', url, remoteAddress, headers });
  const rendered = (body: string) => body.includes('id="ssr-state"');

  it("the render's own calls count against nobody: visitors from many addresses all get rendered pages", async () => {
    for (let i = 1; i <= 8; i++) {
      const res = await view(`/municipalities/999999/no-such-page-${i}`, `10.0.0.${i}`);
      expect(res.statusCode).toBe(404);
      expect(rendered(res.body), `visitor ${i}`).toBe(true);
    }
    // A call with a key that is not the server's is counted as any other.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await view('/api/municipalities/999999/', '10.0.1.1', {
        'x-portal-internal-call': 'guess',
        'x-region-code': '999999',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('past its page views in a window, one address gets the pages as the browser draws them', async () => {
    const seen = [];
    for (let i = 0; i < 6; i++) {
      const res = await view('/municipalities/999999/terms', '10.0.2.1');
      expect(res.statusCode).toBe(200);
      seen.push(rendered(res.body));
    }
    expect(seen).toEqual([true, true, true, true, false, false]);
    expect(rendered((await view('/municipalities/999999/terms', '10.0.2.2')).body)).toBe(true);
  });
});

describe('pageHtml', () => {
  it('puts the page into index.html: language, title, styles, root and state; the app starts on first use, and no note asks for JavaScript', () => {
    const index =
      '<!doctype html><html lang="ja"><head><title>x</title>' +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">' +
      '</head><body>' +
      '<div id="root"><div class="app-shell"><div></div></div></div>\n    <noscript>n</noscript></body></html>';
    const html = pageHtml(index, {
      language: 'en',
      title: 'Terms & <x>',
      styles: '<style data-emotion="css a">.a{}</style>',
      body: '<main><h1>T</h1></main>',
      state: '{"language":"en"}',
    });
    expect(html).toBe(
      '<!doctype html><html lang="en"><head><title>Terms &amp; &lt;x></title>' +
        '<script type="module" src="/app-start.js" data-app-entry="/assets/index-a1.js"></script>' +
        '<style data-emotion="css a">.a{}</style></head><body><div id="root"><main><h1>T</h1></main></div>' +
        '<script type="application/json" id="ssr-state">{"language":"en"}</script></body></html>',
    );
  });
});

/** A render module that counts its renders and draws the published versions it was asked under. */
const FAKE_RENDER = `
let renders = 0;
export const configure = () => undefined;
export const isServerRendered = (path) => path === '/' || path.startsWith('/municipalities/');
export const submitPageForm = async () => null;
export const pageFormReturn = () => null;
export const loadNotFoundPage = async (href, language) => ({
  href: '404|page',
  status: 404,
  dataKey: 'same answers',
  fill: (html) => html.replace('ADDRESS', href),
  render: async () => ({
    language, title: 't', styles: '', state: '{}', body: '<h1>render ' + ++renders + '</h1><p>ADDRESS</p>',
  }),
});
export const loadPage = async (href, language) => href === '/' ? { redirect: '/municipalities/999999' } : ({
  href: href.split('?')[0],
  status: 200,
  dataKey: 'same answers',
  render: async () => ({
    language, title: 't', styles: '', state: '{}', body: '<h1>render ' + ++renders + '</h1>',
  }),
});
`;

describe('the cache of rendered pages', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-ssr-'));
  mkdirSync(join(root, 'applicant', 'assets'), { recursive: true });
  writeFileSync(
    join(root, 'applicant', 'index.html'),
    '<html lang="ja"><head><title>x</title></head><body><div id="root"></div>\n<noscript></noscript></body></html>',
  );
  mkdirSync(join(root, 'applicant-ssr'));
  writeFileSync(join(root, SERVER_RENDER_MODULE), FAKE_RENDER);
  let versions = '1:1';
  const app = Fastify();
  beforeAll(async () => {
    await app.register(cookie);
    await app.register(webPlugin, { root, publishedVersions: async () => versions });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
  const h1 = async (url: string, headers: Record<string, string> = {}) =>
    /<h1>([^<]*)<\/h1>/.exec((await app.inject({ method: 'GET', url, headers })).body)?.[1];

  it('keeps a page per path and language until a reflection publishes another version', async () => {
    expect(await h1('/municipalities/999999/terms')).toBe('render 1');
    expect(await h1('/municipalities/999999/terms')).toBe('render 1');
    expect(await h1('/municipalities/999999/terms', { cookie: `${LANGUAGE_COOKIE}=en` })).toBe('render 2');
    versions = '1:2';
    expect(await h1('/municipalities/999999/terms')).toBe('render 3');
    expect(await h1('/municipalities/999999/terms')).toBe('render 3');
  });

  it('renders a not-found page once for every address, and puts each address in', async () => {
    const one = await app.inject({ method: 'GET', url: '/no-such-page' });
    const two = await app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(one.statusCode).toBe(404);
    expect(/<h1>([^<]*)<\/h1><p>([^<]*)/.exec(one.body)?.slice(1)).toEqual(['render 4', '/no-such-page']);
    expect(/<h1>([^<]*)<\/h1><p>([^<]*)/.exec(two.body)?.slice(1)).toEqual(['render 4', '/no/such/page']);
    // Compressed per request: the address is its own.
    const br = await app.inject({ method: 'GET', url: '/other', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>render 4</h1><p>/other</p>');
  });

  it('answers the redirect of a page with 302 and renders nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/municipalities/999999');
  });

  it('renders a page once whatever query a link appends (the pages read none), so queries cannot fill it', async () => {
    expect(await h1('/municipalities/999999/privacy')).toBe('render 5');
    expect(await h1('/municipalities/999999/privacy?utm_source=qr')).toBe('render 5');
    expect(await h1('/municipalities/999999/privacy?x=1')).toBe('render 5');
  });
});
