import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config', () => {
  it('defaults to the embedded database on port 3000 with the demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
      secureCookies: false,
    });
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

  it('names each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});
