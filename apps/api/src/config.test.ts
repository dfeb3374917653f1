import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot } from './config.js';

const repo = resolve(import.meta.dirname, '../../..');

describe('config', () => {
  it('defaults to the embedded database on port 3000 with the demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: join(repo, 'data'),
      databaseUrl: undefined,
      seedDemo: true,
      secureCookies: false,
    });
  });

  it('keeps the data in the repository root by default, and takes a relative DATA_DIR from where npm ran', () => {
    expect(repositoryRoot()).toBe(repo);
    // npm runs db:seed and dev inside apps/api but sets INIT_CWD to the folder it was run from.
    expect(loadConfig({ INIT_CWD: join(repo, 'apps/api') }).dataDir).toBe(join(repo, 'data'));
    expect(loadConfig({ DATA_DIR: '' }).dataDir).toBe(join(repo, 'data'));
    expect(loadConfig({ DATA_DIR: 'here/d', INIT_CWD: '/srv/x' }).dataDir).toBe('/srv/x/here/d');
    expect(loadConfig({ DATA_DIR: './d' }).dataDir).toBe(resolve(process.cwd(), 'd'));
    expect(loadConfig({ DATA_DIR: '/tmp/x/', INIT_CWD: '/srv/x' }).dataDir).toBe('/tmp/x');
  });

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c).toMatchObject({ port: 4100, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db' });
  });

  it('requires APP_SECRET in production, does not seed there by default and sets secure cookies', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) })).toThrow(/OIDC_ISSUER/);
    const c = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      CLAMD_URL: '/run/clamav/clamd.ctl',
      OIDC_ISSUER: 'https://id.example.jp/api/realms/main',
      PUBLIC_URL: 'https://portal.example.jp/',
    });
    expect(c).toMatchObject({
      seedDemo: false,
      secureCookies: true,
      simulators: false,
      publicUrl: 'https://portal.example.jp',
    });
    expect(c.signing.callbackOrigins).toEqual(['https://portal.example.jp']);
  });

  it('sets secure cookies for an https public address whatever NODE_ENV says', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.jp' }).secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://portal.example.jp' }).secureCookies).toBe(false);
  });

  it('limits failed sign-in-like attempts per client address: 100 per 15 minutes unless configured', () => {
    expect(loadConfig({}).signInAddressLimit).toEqual({ max: 100, windowMs: 15 * 60_000 });
    const c = loadConfig({ SIGN_IN_ADDRESS_LIMIT: '300', SIGN_IN_ADDRESS_WINDOW_MINUTES: '60' });
    expect(c.signInAddressLimit).toEqual({ max: 300, windowMs: 3600_000 });
    expect(() => loadConfig({ SIGN_IN_ADDRESS_LIMIT: '0' })).toThrow(/SIGN_IN_ADDRESS_LIMIT/);
  });

  it('trusts X-Forwarded-For from loopback only unless told otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
  });

  it('runs as many jobs of one kind at once as the process may use CPUs unless JOB_CONCURRENCY says', () => {
    expect(loadConfig({}).jobs.concurrency).toBe(availableParallelism());
    expect(loadConfig({ JOB_CONCURRENCY: '8' }).jobs).toMatchObject({ concurrency: 8, leaseSeconds: 60 });
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
  });

  it('names each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('keeps files under DATA_DIR unless STORAGE_URL names an S3 bucket, and refuses anything else', () => {
    expect(loadConfig({}).storage).toBeUndefined();
    expect(
      loadConfig({ STORAGE_URL: 's3://portal-files/prod/', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' })
        .storage,
    ).toEqual({
      bucket: 'portal-files',
      prefix: 'prod',
      endpoint: 'http://127.0.0.1:9000',
      region: undefined,
    });
    expect(loadConfig({ STORAGE_URL: 's3://portal-files' }).storage).toMatchObject({ prefix: '' });
    expect(() => loadConfig({ STORAGE_URL: 'https://portal-files.example/' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/s3:\/\/bucket/);
  });

  it('scans uploads when CLAMD_URL is set; off in development; production refuses off unless said', () => {
    expect(loadConfig({}).malwareScan).toBeUndefined();
    expect(loadConfig({ CLAMD_URL: 'tcp://127.0.0.1:3310' }).malwareScan).toEqual({
      clamdUrl: 'tcp://127.0.0.1:3310',
      inlineTimeoutMs: 10_000,
    });
    expect(() => loadConfig({ MALWARE_SCAN: 'on' })).toThrow(/CLAMD_URL/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      OIDC_ISSUER: 'https://id.example.jp/api/realms/main',
    };
    expect(() => loadConfig(production)).toThrow(/CLAMD_URL/);
    expect(loadConfig({ ...production, MALWARE_SCAN: 'off' }).malwareScan).toBeUndefined();
  });
});
