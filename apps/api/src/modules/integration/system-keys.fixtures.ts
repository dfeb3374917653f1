import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { CreatedSystemKey } from '@portal/contracts';
import type { DatabaseKind } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { M, signInStaff, STAFF, type StaffClient } from '../documents/documents.fixtures.js';

export const KEYS = `${M}/system-keys/`;
export const DOCS = `${M}/system/documents/`;
export const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** A key as an administrator creates it: 住民記録システム, both procedures, read_update, local addresses. */
export async function createKey(admin: StaffClient, body: Record<string, unknown> = {}) {
  const res = await admin.request('POST', KEYS, {
    name: '住民記録システム',
    procedure_codes: ['birth_notification', 'child_allowance'],
    access: 'read_update',
    expires_at: inAYear(),
    allowed_cidrs: ['127.0.0.0/8', '::1/128'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return CreatedSystemKey.parse(res.json());
}

export interface KeySuite {
  t: TestApp;
  /** The app's file storage folder (removed after the suite). */
  dir: string;
  admin: StaffClient;
}

/** Per suite: a test app with its own storage folder and a signed-in administrator of デモ市. */
export function keySuite(kind: DatabaseKind): KeySuite {
  const s = {} as KeySuite;
  beforeAll(async () => {
    s.dir = mkdtempSync(join(tmpdir(), 'portal-integration-'));
    s.t = await createTestApp(kind, { storageDir: s.dir });
    s.admin = await signInStaff(s.t, STAFF.adminShimin);
  });
  afterAll(async () => {
    await s.t?.close();
    rmSync(s.dir, { recursive: true, force: true });
  });
  return s;
}

/** A core system's call: the key as a bearer token, the region header, no cookie and no CSRF token. */
export const systemCall = (
  t: TestApp,
  token: string,
  method: 'GET' | 'PUT',
  url: string,
  opts: { payload?: object; headers?: Record<string, string>; from?: string; code?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: { authorization: `Bearer ${token}`, 'x-region-code': opts.code ?? '999999', ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
