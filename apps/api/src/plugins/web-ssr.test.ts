// The applicant's public pages come from the server with their heading and main text in the HTML, before
// any script runs, in Japanese and in English (decision 0060). Runs against the built web targets
// (apps/web/dist, built here when its server render module is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalTestApp, type PortalTestApp } from '../testing/portal-app.js';
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

  it("leaves a signed-in resident's pages to the browser (the shell, no state)", async () => {
    const res = await get('/municipalities/999999', 'portal_applicant_session=x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="app-shell"');
    expect(res.body).not.toContain('id="ssr-state"');
  });

  it('keeps the shell, with 404, for a municipality that does not exist', async () => {
    const res = await get('/municipalities/888888');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('class="app-shell"');
    expect(res.body).not.toContain('id="ssr-state"');
  });

  it('keeps the shell for the pages it does not render and for staging', async () => {
    for (const url of [
      '/municipalities/999999/applications',
      '/municipalities/999999/entrance?procedure_group_id=1',
      '/municipalities/999999/conciergeFilter?procedure_group_id=1',
      '/stg/municipalities/999999/terms',
    ]) {
      const res = await get(url);
      expect(res.body).toContain('class="app-shell"');
      expect(res.body).not.toContain('id="ssr-state"');
    }
  });
});

describe('pageHtml', () => {
  it('puts the page into index.html: language, title, styles, root and state', () => {
    const index =
      '<!doctype html><html lang="ja"><head><title>x</title></head><body>' +
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
        '<style data-emotion="css a">.a{}</style></head><body><div id="root"><main><h1>T</h1></main></div>' +
        '<script type="application/json" id="ssr-state">{"language":"en"}</script>\n    <noscript>n</noscript></body></html>',
    );
  });
});

/** A render module that counts its renders and draws the published versions it was asked under. */
const FAKE_RENDER = `
let renders = 0;
export const configure = () => undefined;
export const isServerRendered = (path) => path.startsWith('/municipalities/');
export const loadPage = async (href, language) => ({
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

  it('renders a page once whatever query a link appends (the pages read none), so queries cannot fill it', async () => {
    expect(await h1('/municipalities/999999/privacy')).toBe('render 4');
    expect(await h1('/municipalities/999999/privacy?utm_source=qr')).toBe('render 4');
    expect(await h1('/municipalities/999999/privacy?x=1')).toBe('render 4');
  });
});
