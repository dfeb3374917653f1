import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { routeTable, type RouteDef } from '@portal/contracts';
import { toFastifyPath } from '../../http/route-kit.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { buildOpenApiDocument, patternMaxLength } from './openapi.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const here = fileURLToPath(new URL('.', import.meta.url));
const allowListFile = fileURLToPath(new URL('../../../../../docs/openapi-allowlist.yaml', import.meta.url));
const doc = buildOpenApiDocument('test') as Json;
const routes = routeTable as readonly RouteDef[];
const operationOf = (def: RouteDef): Json => doc.paths[def.path][def.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('declares who may call each operation: the session of its audience, and the CSRF pair on writes', () => {
    const schemes = Object.keys(doc.components.securitySchemes);
    expect(schemes.sort()).toEqual(
      ['applicantSession', 'csrfCookie', 'csrfHeader', 'operatorSession', 'staffSession', 'systemKey'].sort(),
    );
    for (const def of routes) {
      const security = operationOf(def).security as Json[] | undefined;
      expect(security, def.id).toBeInstanceOf(Array);
      const session = {
        applicant: 'applicantSession',
        staff: 'staffSession',
        operator: 'operatorSession',
        integration: 'systemKey',
      }[def.audience as string];
      for (const requirement of security!) {
        for (const name of Object.keys(requirement)) expect(schemes, def.id).toContain(name);
      }
      if (def.auth) {
        // Every alternative needs the session: none lets a caller in without it.
        expect(security!.length, def.id).toBeGreaterThan(0);
        for (const requirement of security!) expect(requirement, def.id).toHaveProperty(session!);
      }
      if (def.csrf === 'required') {
        for (const requirement of security!) {
          expect(requirement, def.id).toMatchObject({ csrfHeader: [], csrfCookie: [] });
        }
      }
      if (def.audience === 'public' && def.csrf !== 'required') expect(security, def.id).toEqual([]);
    }
  });

  it('declares each error status a route can answer, with the one error body and the rate-limit headers', () => {
    for (const def of routes) {
      const responses = operationOf(def).responses as Json;
      expect(responses, def.id).not.toHaveProperty('default');
      const expected = [400, 429, 500];
      if (def.auth) expected.push(401, 403);
      if (def.csrf !== 'none') expected.push(403);
      if (def.params) expected.push(404);
      if (def.body) expected.push(413, 415);
      if (def.ifMatch === 'required') expected.push(428);
      for (const status of expected) {
        const response = responses[String(status)];
        expect(response, `${def.id} ${status}`).toBeDefined();
        expect(response.content['application/json'].schema, `${def.id} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
      expect(responses['429'].headers, def.id).toHaveProperty('Retry-After');
      for (const [status, response] of Object.entries(responses)) {
        if (/^[24]/.test(status)) {
          expect(Object.keys((response as Json).headers ?? {}), `${def.id} ${status}`).toEqual(
            expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
          );
        }
      }
    }
    expect(doc.components.schemas.ErrorBody.properties.errors.type).toBe('array');
  });

  it('documents request bounds as the server enforces them', () => {
    const zipcode = operationOf(routes.find((r) => r.id === 'applicant.addresses')!).parameters.find(
      (p: Json) => p.name === 'zipcode',
    );
    expect(zipcode.schema).toMatchObject({ type: 'string', maxLength: 16 });
    expect(new RegExp(zipcode.schema.pattern).test('１００－０００１')).toBe(true);
    expect(new RegExp(zipcode.schema.pattern).test('100000')).toBe(false);
    const code = operationOf(routes.find((r) => r.id === 'applicant.home')!).parameters[0];
    expect(code).toMatchObject({ name: 'code', schema: { pattern: '^\\d{6}$', maxLength: 6 } });
    const upload = operationOf(routes.find((r) => r.id === 'applicant.attaches.upload')!);
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.sequence).toMatchObject({
      minimum: 1,
      maximum: 10,
    });
  });

  it('reads the longest match of an anchored pattern, and none of an open one', () => {
    expect(patternMaxLength('^\\d{6}$')).toBe(6);
    expect(patternMaxLength('^[0-9]{3}-?[0-9]{4}$')).toBe(8);
    expect(patternMaxLength('^(?:ab|cde)[x-z]?$')).toBe(4);
    expect(patternMaxLength('^[a-f]{2,5}(?=x)$')).toBe(5);
    expect(patternMaxLength('^\\d+$')).toBeNull();
    expect(patternMaxLength('\\d{6}')).toBeNull();
    expect(patternMaxLength('^a$|^bb$')).toBeNull();
  });

  it('passes Spectral’s OWASP ruleset with no error outside the reasoned allow-list', () => {
    const allowList = parse(readFileSync(allowListFile, 'utf8')) as {
      rule: string;
      path: string;
      reason: string;
    }[];
    for (const entry of allowList) expect(entry.reason?.trim().length, entry.rule).toBeGreaterThan(20);
    const dir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/dist/index.js');
      const out = join(dir, 'spectral.json');
      const run = spawnSync(
        process.execPath,
        [cli, 'lint', file, '-r', join(here, 'openapi.spectral.yaml'), '-f', 'json', '-o', out, '-q'],
        { encoding: 'utf8', env: { ...process.env, SCARF_ANALYTICS: 'false' } },
      );
      const findings = JSON.parse(readFileSync(out, 'utf8')) as {
        code: string;
        path: string[];
        severity: number;
        message: string;
      }[];
      expect(findings.length, run.stderr).toBeGreaterThan(0);
      const used = new Set<number>();
      const outside = findings
        .filter((f) => f.severity === 0)
        .filter((f) => {
          const where = f.path.join(' ');
          const index = allowList.findIndex((e) => e.rule === f.code && new RegExp(e.path).test(where));
          used.add(index);
          return index < 0;
        })
        .map((f) => `${f.code} at ${f.path.join(' ')}: ${f.message}`);
      expect(outside).toEqual([]);
      // An entry nothing needs any more is removed, not kept "just in case".
      const stale = allowList.filter((_, i) => !used.has(i)).map((e) => `${e.rule} ${e.path}`);
      expect(stale).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each(databaseKinds)('every route answers only statuses its operation declares, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A path of the route with well-formed parameters that name nothing stored. */
  const sample = (def: RouteDef) =>
    toFastifyPath(def.path)
      .replace(':code', '999999')
      .replace(
        /:(applicationId|documentId|attachmentId|jobId|signingId|accountId|workflowDetailId|userServiceStatusId)/g,
        '00000000-0000-4000-8000-000000000000',
      )
      .replace(/:(procedureId|procedureGroupId|reportId|reflectionManagerId)/g, '1')
      .replace(':token', 'x'.repeat(24));

  it('without a session or CSRF token, and with a body of the wrong type', async () => {
    const undeclared: string[] = [];
    for (const def of routes) {
      if (def.id === 'system.metrics' || def.produces === 'redirect') continue;
      const res = await t.app.inject({
        method: def.method,
        url: sample(def),
        headers: { 'x-region-code': '999999', ...(def.body ? { 'content-type': 'text/plain' } : {}) },
        ...(def.body ? { payload: 'x' } : {}),
      });
      const declared = Object.keys(operationOf(def).responses);
      if (!declared.includes(String(res.statusCode))) undeclared.push(`${def.id}: ${res.statusCode}`);
      if (res.statusCode >= 400) expect(res.json().errors[0].code, def.id).toBeTypeOf('string');
    }
    expect(undeclared).toEqual([]);
  });
});
