import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/api/src/config.js';
import { json } from '../apps/api/src/testing/applicant-walk.js';
import { cardResident, startedApplication } from '../apps/api/src/testing/assistant-walk.js';
import { createTestDatabase, type TestDatabase } from '../apps/api/src/testing/databases.js';
import { freePort, startServer, type ServerProcess } from '../apps/api/src/testing/server-process.js';
import {
  debianNginxConf,
  deployDir,
  findTool,
  minimalNginxConf,
  nginxTest,
  prepareNginxDir,
  readDeployFile,
  renderSite,
  renderUnit,
  selfSignedCertificate,
  startNginx,
  type NginxProcess,
} from './harness.js';

const systemdAnalyze = findTool('systemd-analyze', '/usr/bin/systemd-analyze');
const nginx = findTool('nginx', '/usr/sbin/nginx');
const missing = (tool: string, found: string | undefined) =>
  found ? '' : ` (skipped: ${tool} is not installed)`;

/** The variables config.ts reads: the keys of its zod `Env` object. */
function configVariables(): string[] {
  const source = readFileSync(join(deployDir, '../apps/api/src/config.ts'), 'utf8');
  const body = /const Env = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1];
  if (!body) throw new Error('config.ts: no `const Env = z.object({...});`');
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** NAME=value lines of an environment file: set (uncommented) and mentioned (commented out) names. */
function envFile(text: string) {
  const set = new Map<string, string>();
  const mentioned = new Set<string>();
  for (const line of text.split('\n')) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (active) set.set(active[1]!, active[2]!);
    const commented = /^#([A-Z][A-Z0-9_]*)=/.exec(line);
    if (commented) mentioned.add(commented[1]!);
  }
  return { set, mentioned: new Set([...mentioned, ...set.keys()]) };
}

describe('systemd unit and environment file', () => {
  const unit = readDeployFile('systemd/portal@.service');
  const example = envFile(readDeployFile('systemd/portal.env.example'));

  it.skipIf(!systemdAnalyze)(
    `passes systemd-analyze verify as portal@3001 and portal@3002${missing('systemd-analyze', systemdAnalyze)}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-unit-'));
      try {
        // The real node binary: verify refuses an ExecStart whose file does not exist.
        writeFileSync(join(dir, 'portal@.service'), renderUnit(process.execPath));
        for (const instance of ['portal@3001.service', 'portal@3002.service']) {
          const result = spawnSync(systemdAnalyze!, ['verify', '--man=no', join(dir, instance)], {
            encoding: 'utf8',
          });
          // Unknown or misspelt settings are only warnings ("..., ignoring"): any output fails the test.
          expect(`${result.stdout}${result.stderr}`, instance).toBe('');
          expect(result.status, instance).toBe(0);
        }
        const security = spawnSync(
          systemdAnalyze!,
          ['security', '--offline=yes', '--no-pager', join(dir, 'portal@3001.service')],
          { encoding: 'utf8' },
        );
        if (/unrecognized option/.test(security.stderr)) return; // systemd < 250: no offline analysis
        const exposure = /Overall exposure level for portal@3001\.service: ([\d.]+)/.exec(
          security.stdout,
        )?.[1];
        expect(Number(exposure), security.stdout + security.stderr).toBeLessThan(2.5);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('runs one production process per instance port, stopped by SIGTERM and restarted on failure', () => {
    for (const line of [
      'Environment=NODE_ENV=production',
      'Environment=PORT=%i',
      'EnvironmentFile=/etc/portal/portal.env',
      'Restart=on-failure',
      'KillSignal=SIGTERM',
      'User=portal',
      'ProtectSystem=strict',
      'NoNewPrivileges=yes',
      'PrivateTmp=yes',
      'StateDirectory=portal',
      'ReadWritePaths=/var/lib/portal',
      'Environment=DATA_DIR=/var/lib/portal',
    ]) {
      expect(unit.split('\n'), line).toContain(line);
    }
    expect(unit).toMatch(/^TimeoutStopSec=\d+$/m);
    // V8 needs writable and executable memory.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=/m);
  });

  it('lists every variable config.ts reads, and only those (the unit sets NODE_ENV, PORT, HOST, DATA_DIR)', () => {
    const read = configVariables();
    expect(read).toContain('DATABASE_URL');
    const byUnit = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'INIT_CWD'];
    // The AWS SDK reads its credentials itself.
    const bySdk = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
    expect([...example.mentioned].filter((name) => !read.includes(name) && !bySdk.includes(name))).toEqual(
      [],
    );
    expect(read.filter((name) => !byUnit.includes(name) && !example.mentioned.has(name))).toEqual([]);
    // Set in portal.env they would win over the unit's Environment= lines.
    expect([...example.set.keys()].filter((name) => byUnit.includes(name))).toEqual([]);
  });

  it('is refused until APP_SECRET is filled in, then loads as production configuration', () => {
    const env = Object.fromEntries(example.set);
    const unitEnv = { NODE_ENV: 'production', PORT: '3001', HOST: '127.0.0.1', DATA_DIR: '/var/lib/portal' };
    expect(() => loadConfig({ ...env, ...unitEnv })).toThrow(/APP_SECRET/);
    const config = loadConfig({ ...env, ...unitEnv, APP_SECRET: 'x'.repeat(48) });
    expect(config).toMatchObject({
      env: 'production',
      port: 3001,
      seedDemo: false,
      simulators: false,
      secureCookies: true,
      trustProxy: 'loopback',
      publicUrl: 'https://portal.example.jp',
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  });

  describe('wait-healthy.mjs (ExecStartPost)', () => {
    const script = join(deployDir, 'systemd/wait-healthy.mjs');
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: 'pipe' });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.once('exit', (code) => resolve({ code, output }));
      });

    it('returns once /api/health answers 200', async () => {
      let calls = 0;
      // Starting (migrations): 503 twice, then healthy.
      const server = createServer((req, res) => {
        calls += 1;
        res.writeHead(req.url === '/api/health' && calls > 2 ? 200 : 503).end();
      });
      const port = await listen(server);
      try {
        const result = await run({ PORT: String(port), HOST: '0.0.0.0', WAIT_HEALTHY_SECONDS: '20' });
        expect(result, result.output).toMatchObject({ code: 0 });
        expect(calls).toBe(3);
      } finally {
        server.close();
      }
    });

    it('fails after its deadline when nothing answers', async () => {
      const port = await freePort();
      const result = await run({ PORT: String(port), HOST: '127.0.0.1', WAIT_HEALTHY_SECONDS: '1' });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`not healthy: http://127.0.0.1:${port}/api/health`);
    });
  });
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request, over HTTPS trusting the test certificate (or plain HTTP). */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; ca?: string } = {},
): Promise<Answer> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
}

/** A stand-in for one portal process: answers like the portal does (cache headers) and records requests. */
async function stubUpstream(name: string, options: { newAssets: boolean }) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      const url = req.url ?? '/';
      seen.push({ method: req.method ?? '', url, headers: req.headers, bytes });
      res.setHeader('x-upstream', name);
      if (/\/assets\/new-/.test(url) && !options.newAssets) {
        res.writeHead(404, { 'cache-control': 'no-cache' }).end('not found');
      } else if (/\/assets\//.test(url)) {
        res
          .writeHead(200, {
            'content-type': 'text/javascript',
            'cache-control': 'public, max-age=31536000, immutable',
            vary: 'Accept-Encoding',
          })
          .end(`export const from = '${name}';`);
      } else if (url === '/page') {
        res
          .writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' })
          .end('<p>page</p>'.repeat(500));
      } else {
        res
          .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          .end(JSON.stringify({ upstream: name, bytes }));
      }
    });
  });
  const port = await listen(server);
  return { name, port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`nginx site${missing('nginx', nginx)}`, () => {
  it.skipIf(!nginx)("passes nginx -t in Debian's nginx.conf and in a minimal one", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-t-'));
    try {
      prepareNginxDir(dir);
      const { cert, key } = await selfSignedCertificate(dir);
      const site = join(dir, 'portal.conf');
      writeFileSync(
        site,
        renderSite({ dir, httpPort: 8080, httpsPort: 8443, upstreams: [3001, 3002], cert, key }),
      );
      const confs = [['minimal', minimalNginxConf(dir, site)]];
      if (existsSync('/etc/nginx/nginx.conf')) {
        confs.push(['debian', debianNginxConf(readFileSync('/etc/nginx/nginx.conf', 'utf8'), dir, site)]);
      }
      for (const [name, text] of confs) {
        const conf = join(dir, `${name}.conf`);
        writeFileSync(conf, text!);
        const result = nginxTest(nginx!, dir, conf);
        expect(result.output, name).toContain('test is successful');
        expect(result.status, result.output).toBe(0);
        // Only the notices of a successful test: no [warn] about the site.
        expect(result.output.split('\n').filter((l) => /\[(warn|emerg|alert|crit)\]/.test(l))).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe.skipIf(!nginx)('in front of two upstreams', { timeout: 60_000 }, () => {
    let dir: string;
    let ca: string;
    let web: NginxProcess;
    let a: Awaited<ReturnType<typeof stubUpstream>>;
    let b: Awaited<ReturnType<typeof stubUpstream>>;
    let https: string;
    let http: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
      prepareNginxDir(dir);
      const certificate = await selfSignedCertificate(dir);
      ca = certificate.pem;
      // A is the upgraded instance of a rolling upgrade: it has assets B does not.
      a = await stubUpstream('a', { newAssets: true });
      b = await stubUpstream('b', { newAssets: false });
      const [httpPort, httpsPort] = [await freePort(), await freePort()];
      [http, https] = [`http://127.0.0.1:${httpPort}`, `https://127.0.0.1:${httpsPort}`];
      const site = join(dir, 'portal.conf');
      writeFileSync(
        site,
        renderSite({ dir, httpPort, httpsPort, upstreams: [a.port, b.port], ...certificate }),
      );
      // gzip on at the http level, as Debian's nginx.conf has it: the site must turn it off.
      const conf = join(dir, 'nginx.conf');
      writeFileSync(
        conf,
        minimalNginxConf(dir, site).replace('http {', 'http {\n    gzip on;\n    gzip_types *;'),
      );
      web = await startNginx(nginx!, dir, conf, httpsPort);
    });
    afterAll(async () => {
      await web?.stop();
      await Promise.all([a?.close(), b?.close()]);
      rmSync(dir, { recursive: true, force: true });
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      call(`${https}${path}`, { headers, ca });

    it('moves HTTP to HTTPS, except the ACME challenge', async () => {
      const moved = await call(`${http}/api/health?probe=1`);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe('https://127.0.0.1/api/health?probe=1');
      mkdirSync(join(dir, 'acme/.well-known/acme-challenge'), { recursive: true });
      writeFileSync(join(dir, 'acme/.well-known/acme-challenge/token-1'), 'proof');
      const challenge = await call(`${http}/.well-known/acme-challenge/token-1`);
      expect([challenge.status, challenge.body]).toEqual([200, 'proof']);
    });

    it('tells the upstream the client address (never one the client made up), scheme and host', async () => {
      const res = await get('/api/echo', {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
      });
      expect(res.status).toBe(200);
      const seen = [...a.seen, ...b.seen].find((s) => s.url === '/api/echo');
      expect(seen?.headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': https.replace('https://', ''),
        host: https.replace('https://', ''),
      });
      // The portal's own caching header passes untouched; nginx caches no API answer.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-cache-status']).toBeUndefined();
    });

    it('passes the host over HTTP/2 too', async () => {
      const session = http2Connect(https, { ca });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/api/h2' });
          stream.on('response', (headers) => resolve(Number(headers[':status'])));
          stream.on('error', reject);
          stream.resume();
        });
        expect(status).toBe(200);
      } finally {
        session.close();
      }
      const seen = [...a.seen, ...b.seen].find((s) => s.url === '/api/h2');
      expect(seen?.headers.host).toBe(https.replace('https://', ''));
    });

    it('shares the requests between both instances', async () => {
      const names = new Set<string>();
      for (let i = 0; i < 6; i++) names.add(JSON.parse((await get('/api/round')).body).upstream);
      expect([...names].sort()).toEqual(['a', 'b']);
    });

    it('lets a 10 MiB attachment through, and answers a bigger body itself in the portal error shape', async () => {
      const upload = Buffer.alloc(10 * 1024 * 1024 + 4096, 1);
      const res = await call(`${https}/api/upload`, { method: 'POST', body: upload, ca });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).bytes).toBe(upload.length);

      const seenBefore = a.seen.length + b.seen.length;
      const tooBig = await call(`${https}/api/upload`, {
        method: 'POST',
        body: Buffer.alloc(12 * 1024 * 1024),
        ca,
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.headers['content-type']).toBe('application/json');
      expect(JSON.parse(tooBig.body)).toEqual({
        errors: [{ code: 'payload_too_large', message: 'files may be at most 10 MB', field: 'file' }],
      });
      expect(a.seen.length + b.seen.length).toBe(seenBefore);
    });

    it('keeps hashed assets for a year (nginx caches them too) and never HTML', async () => {
      for (const path of [
        '/assets/index-1a2b.js',
        '/staff/assets/x-3c.js',
        '/stg/mastertool/assets/y-4d.js',
      ]) {
        const first = await get(path);
        const second = await get(path);
        expect([first.status, first.headers['x-cache-status']], path).toEqual([200, 'MISS']);
        expect([second.status, second.headers['x-cache-status']], path).toEqual([200, 'HIT']);
        expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(second.body).toBe(first.body);
      }
      const page = await get('/page');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-cache-status']).toBeUndefined();
    });

    it('finds an asset only the upgraded instance has, whichever instance is asked first', async () => {
      for (let i = 0; i < 4; i++) {
        const res = await get(`/assets/new-${i}.js`);
        expect([res.status, res.body]).toEqual([200, "export const from = 'a';"]);
      }
      expect(b.seen.some((s) => s.url.startsWith('/assets/new-'))).toBe(true);
    });

    it('leaves compression to the portal (no gzip of its uncompressed answers)', async () => {
      const page = await get('/page', { 'accept-encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBeUndefined();
    });

    it('streams zips and hides /metrics', async () => {
      const zip = await get('/api/municipalities/999999/exported/zip/7/');
      expect(zip.status).toBe(200);
      for (const path of ['/metrics', '/metrics/', '/metrics?x=1']) {
        expect((await get(path)).status, path).toBe(404);
      }
      expect([...a.seen, ...b.seen].some((s) => s.url.startsWith('/metrics'))).toBe(false);
    });

    it('limits each route family per address with limit_req, in the portal error shape (decision 0045)', async () => {
      // Jobs: 5/s with a burst of 10. Twenty at once from one address: some pass, the rest get 429.
      const job = () =>
        call(`${https}/api/municipalities/999999/export/1/`, { method: 'POST', body: Buffer.from('{}'), ca });
      const answers = await Promise.all(Array.from({ length: 20 }, job));
      const refused = answers.filter((r) => r.status === 429);
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(10);
      expect(refused.length).toBeGreaterThan(0);
      expect(JSON.parse(refused[0]!.body).errors[0].code).toBe('rate_limited');
      expect(refused[0]!.headers['retry-after']).toBe('1');
      // Reads have their own zone: they still pass.
      expect((await get('/api/after-jobs')).status).toBe(200);
    });

    it('sends everything to the other instance while one is down', async () => {
      await b.close();
      for (let i = 0; i < 4; i++) {
        const res = await get('/api/after-b-stopped');
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body).upstream).toBe('a');
      }
      const post = await call(`${https}/api/upload`, { method: 'POST', body: Buffer.from('{}'), ca });
      expect(post.status).toBe(200);
    });
  });
});

// Two real portal processes on one PostgreSQL behind nginx (TLS): a resident signs in through nginx.
describe.runIf(process.env.TEST_DATABASE_URL)(
  `two portal processes behind nginx${missing('nginx', nginx)}`,
  { timeout: 300_000 },
  () => {
    it.skipIf(!nginx)(
      'sign a resident in through nginx, share the work, and survive one stopping',
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'portal-deploy-'));
        prepareNginxDir(dir);
        const certificate = await selfSignedCertificate(dir);
        const [httpPort, httpsPort] = [await freePort(), await freePort()];
        const publicUrl = `https://127.0.0.1:${httpsPort}`;
        const servers: ServerProcess[] = [];
        let database: TestDatabase | undefined;
        let web: NginxProcess | undefined;
        const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        try {
          database = await createTestDatabase('postgres');
          const env = {
            DATABASE_URL: database.url!,
            SEED_DEMO: 'true',
            // Redirects and the identity stand-in's links go through nginx, as residents see them.
            PUBLIC_URL: publicUrl,
            // The server calls its identity stand-in at PUBLIC_URL, through nginx: it trusts the test certificate.
            NODE_EXTRA_CA_CERTS: certificate.cert,
            DATABASE_POOL_SIZE: '4',
          };
          // One after the other: the first seeds the empty database.
          servers.push(await startServer(env));
          servers.push(await startServer(env));
          const ports = servers.map((s) => Number(new URL(s.url).port)) as [number, number];
          const site = join(dir, 'portal.conf');
          writeFileSync(site, renderSite({ dir, httpPort, httpsPort, upstreams: ports, ...certificate }));
          const conf = join(dir, 'nginx.conf');
          writeFileSync(conf, minimalNginxConf(dir, site));
          web = await startNginx(nginx!, dir, conf, httpsPort);

          // This process's fetch (the walk's browser) cannot be given the certificate: it skips the check.
          process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
          const health = await fetch(`${publicUrl}/api/health`);
          expect(health.status).toBe(200);
          expect(health.headers.get('strict-transport-security')).toMatch(/max-age=/);

          const resident = await cardResident(publicUrl, 'demo-resident-0001', '1234');
          const app = await startedApplication(resident, publicUrl);
          for (let i = 0; i < 4; i++)
            await json(await resident.call(publicUrl, 'GET', `${app}/form/values/`));

          // nginx logged which instance served each request: both did.
          const served = [...web.accessLog().matchAll(/upstream=127\.0\.0\.1:(\d+)/g)].map((m) =>
            Number(m[1]),
          );
          for (const port of ports) expect(served, web.accessLog()).toContain(port);

          // One instance stops (an upgrade restarts it): the resident goes on, signed in, on the other.
          await servers[0]!.stop();
          const logged = web.accessLog().length;
          for (let i = 0; i < 4; i++)
            await json(await resident.call(publicUrl, 'GET', `${app}/form/values/`));
          await json(await resident.call(publicUrl, 'GET', `${app}/concierge-assistant/`));
          // nginx writes a request's log line after its answer: wait for the fifth line, not just read.
          const newLines = () => web!.accessLog().slice(logged).trim().split('\n');
          await expect.poll(() => newLines().length, { timeout: 5_000 }).toBe(5);
          const after = newLines();
          // Each answered by the live instance (after a refused try of the stopped one, if nginx tried it first).
          for (const line of after)
            expect(line).toMatch(new RegExp(` 200 upstream=(\\S+, )?127\\.0\\.0\\.1:${ports[1]}$`));
        } catch (error) {
          const logs = servers.map((s, i) => `--- portal ${i + 1} ---\n${s.output()}`).join('\n');
          throw new Error(`${(error as Error).message}\n${logs}\n--- nginx ---\n${web?.errorLog() ?? ''}`, {
            cause: error,
          });
        } finally {
          if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
          else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
          await web?.stop();
          await Promise.all(servers.map((s) => s.stop()));
          await database?.dispose();
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  },
);
