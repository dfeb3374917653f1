import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  buildName,
  certificatePem,
  exportPkcs8Pem,
  generateRsaKeyPair,
  makeExtension,
  signWithSha256Rsa,
  toAsn1Time,
} from '../apps/api/src/modules/signatures/crypto/pki.js';

/** Helpers of deploy.test.ts: the deploy/ files rendered for a temporary directory, and nginx run from it. */

export const deployDir = import.meta.dirname;
export const readDeployFile = (path: string) => readFileSync(join(deployDir, path), 'utf8');

/** An executable by absolute path if present, else from PATH; undefined when absent. */
export function findTool(name: string, usual: string): string | undefined {
  const candidates = [usual, ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name))];
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Replaces every occurrence of `from`, failing when there is none: the file changed, the test must too. */
export function replaceAll(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`expected ${JSON.stringify(from)} in the file`);
  return text.split(from).join(to);
}

/** The systemd unit with another node binary (systemd-analyze checks that ExecStart's file exists). */
export function renderUnit(node: string): string {
  return replaceAll(readDeployFile('systemd/portal@.service'), '/usr/bin/node', node);
}

export interface SitePlaces {
  dir: string;
  httpPort: number;
  httpsPort: number;
  upstreams: [number, number];
  cert: string;
  key: string;
}

/** deploy/nginx/portal.conf on loopback test ports, with the temporary certificate and cache directory. */
export function renderSite(places: SitePlaces): string {
  let site = readDeployFile('nginx/portal.conf');
  site = replaceAll(site, '    listen [::]:80;\n', '');
  site = replaceAll(site, '    listen [::]:443 ssl http2;\n', '');
  site = replaceAll(site, 'listen 80;', `listen 127.0.0.1:${places.httpPort};`);
  site = replaceAll(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${places.httpsPort} ssl http2;`);
  site = replaceAll(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${places.upstreams[0]} `);
  site = replaceAll(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${places.upstreams[1]} `);
  site = replaceAll(site, '/etc/ssl/portal/fullchain.pem', places.cert);
  site = replaceAll(site, '/etc/ssl/portal/privkey.pem', places.key);
  site = replaceAll(site, '/var/cache/nginx-portal', join(places.dir, 'cache'));
  site = replaceAll(site, '/var/www/letsencrypt', join(places.dir, 'acme'));
  return site;
}

/** nginx's temporary files under `dir`, not /var/lib/nginx: runs unprivileged. */
const tempPaths = (dir: string) =>
  ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `    ${kind}_temp_path ${join(dir, 'tmp', kind)};`)
    .join('\n');

/** A minimal nginx.conf that includes the site; the access log names the upstream of each request. */
export function minimalNginxConf(dir: string, sitePath: string): string {
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} info;
events { worker_connections 256; }
http {
    log_format upstreams '$request_method $request_uri $status upstream=$upstream_addr';
    access_log ${join(dir, 'access.log')} upstreams;
${tempPaths(dir)}
    include ${sitePath};
}
`;
}

/**
 * Debian's /etc/nginx/nginx.conf with the site in place of sites-enabled and its pid, logs and temporary
 * files in `dir`: the site must fit beside Debian's http defaults (gzip on, ssl_protocols...).
 */
export function debianNginxConf(debian: string, dir: string, sitePath: string): string {
  const swap = (text: string, pattern: RegExp, to: string) => {
    if (!pattern.test(text)) throw new Error(`expected ${pattern} in ${debian}`);
    return text.replace(pattern, to);
  };
  // Unprivileged, nginx would warn that `user` is ignored.
  let conf = process.getuid?.() === 0 ? debian : debian.replace(/^\s*user\s+[^;]+;/m, '');
  conf = swap(conf, /^\s*pid\s+[^;]+;/m, `pid ${join(dir, 'nginx.pid')};`);
  conf = swap(conf, /^\s*error_log\s+[^;]+;/m, `error_log ${join(dir, 'error.log')};`);
  conf = swap(conf, /^\s*access_log\s+[^;]+;/m, `access_log ${join(dir, 'access.log')};`);
  conf = swap(conf, /^\s*include\s+\/etc\/nginx\/sites-enabled\/\*;/m, `include ${sitePath};`);
  conf = swap(conf, /^http\s*\{/m, `http {\n${tempPaths(dir)}`);
  return conf;
}

/** Writes the directories nginx needs; readable by its workers (`nobody` when the test runs as root). */
export function prepareNginxDir(dir: string) {
  for (const sub of ['tmp', 'cache', 'acme']) mkdirSync(join(dir, sub), { recursive: true });
  chmodSync(dir, 0o755);
}

/** `nginx -t` (with nginx's own prefix: Debian's modules load from it; every other path is absolute). */
export function nginxTest(nginx: string, dir: string, conf: string) {
  const result = spawnSync(nginx, ['-t', '-e', join(dir, 'error.log'), '-c', conf], {
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface NginxProcess {
  child: ChildProcess;
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground on `conf` until the port answers. */
export async function startNginx(
  nginx: string,
  dir: string,
  conf: string,
  port: number,
): Promise<NginxProcess> {
  const child = spawn(nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const errorLog = () =>
    existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
  const until = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${log}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    accessLog: () => readFileSync(join(dir, 'access.log'), 'utf8'),
    errorLog,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid for a day: PEM files in `dir`. Made with the
 * portal's own X.509 helpers (pkijs), so no openssl is needed.
 */
export async function selfSignedCertificate(
  dir: string,
): Promise<{ cert: string; key: string; pem: string }> {
  const keys = await generateRsaKeyPair();
  const name = buildName([['CN', '127.0.0.1']]);
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: 1 });
  certificate.issuer = name;
  certificate.subject = name;
  certificate.notBefore = toAsn1Time(new Date(Date.now() - 60_000));
  certificate.notAfter = toAsn1Time(new Date(Date.now() + 86_400_000));
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
  const altNames = new pkijs.AltName({
    altNames: [
      new pkijs.GeneralName({
        type: 7,
        value: new asn1js.OctetString({ valueHex: new Uint8Array([127, 0, 0, 1]) }),
      }),
      new pkijs.GeneralName({ type: 2, value: 'localhost' }),
    ],
  });
  certificate.extensions = [makeExtension('2.5.29.17', false, altNames.toSchema().toBER(false))];
  await signWithSha256Rsa(certificate, keys.privateKey);
  const pem = certificatePem(certificate);
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  writeFileSync(cert, `${pem}\n`);
  writeFileSync(key, `${await exportPkcs8Pem(keys.privateKey)}\n`);
  return { cert, key, pem };
}
