import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPagePath, webPlugin } from './web.js';

describe('web plugin: production and staging areas', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const app = Fastify();
  beforeAll(async () => {
    for (const target of ['applicant', 'municipality', 'mastertool']) {
      mkdirSync(join(root, target), { recursive: true });
      writeFileSync(join(root, target, 'index.html'), `<html>${target}</html>`);
    }
    await app.register(webPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };

  it('serves each target at its base, and the same builds under /stg for staging', async () => {
    expect(await page('/municipalities/999999/conciergeFilter')).toEqual({
      status: 200,
      body: '<html>applicant</html>',
    });
    expect((await page('/staff/login')).body).toBe('<html>municipality</html>');
    expect((await page('/mastertool/')).body).toBe('<html>mastertool</html>');
    expect((await page('/stg/municipalities/999999/conciergeFilter?procedure_group_id=1')).body).toBe(
      '<html>applicant</html>',
    );
    expect((await page('/stg/')).body).toBe('<html>applicant</html>');
    expect((await page('/stg')).body).toBe('<html>applicant</html>');
    expect((await page('/stg/staff/login')).body).toBe('<html>municipality</html>');
    expect((await page('/stg/mastertool/login')).body).toBe('<html>mastertool</html>');
  });

  it('keeps API paths of both environments out of the pages', async () => {
    const api = await page('/stg-api/nothing/');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toHaveProperty('errors');
    expect((await page('/api/nothing/')).status).toBe(404);
  });

  it('strips only a whole /stg segment', () => {
    expect(webPagePath('/stg/staff/')).toBe('/staff/');
    expect(webPagePath('/stg')).toBe('/');
    expect(webPagePath('/stgx/')).toBe('/stgx/');
    expect(webPagePath('/staff/stg/')).toBe('/staff/stg/');
  });
});
