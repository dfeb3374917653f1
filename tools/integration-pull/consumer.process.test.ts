import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoData } from '@portal/demo';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftFor, json, M } from '../../apps/api/src/testing/applicant-walk.js';
import { cardResident } from '../../apps/api/src/testing/assistant-walk.js';
import { signedInStaff } from '../../apps/api/src/testing/crash.js';
import { freePort, startServer, type ServerProcess } from '../../apps/api/src/testing/server-process.js';
import { identifyAndSubmit } from '../../apps/api/src/testing/submitted-application.js';
import { waitFor } from '../../apps/api/src/testing/wait-for.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `npm run integration:pull -- …` as a system operator runs it (tsx, as the npm script does). */
function consumer(args: string[], key: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/integration-pull/cli.ts', ...args], {
    cwd: repo,
    env: { ...process.env, PORTAL_SYSTEM_KEY: key },
  });
  const run: Run = { code: null, out: '', err: '' };
  child.stdout.on('data', (d: Buffer) => (run.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (run.err += d.toString()));
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ ...run, code })));
  return { child, run, done };
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

// Issue 37 item 4: the reference consumer against a real server process, on the embedded database.
describe('the reference consumer (npm run integration:pull)', { timeout: 240_000 }, () => {
  let server: ServerProcess;
  let key: string;
  /** The webhook secret the portal answered with the key, and the port the consumer will listen on. */
  let secret: string;
  let hookPort: number;
  let out: string;
  const dirs: string[] = [];
  const args = () => ['--server', server.url, '--municipality', '999999', '--out', out];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-consumer-data-'));
    out = mkdtempSync(join(tmpdir(), 'portal-consumer-out-'));
    dirs.push(dataDir, out);
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', WEBHOOK_BACKOFF_SECONDS: '1,1' });
    hookPort = await freePort();
    const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
    const registry = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;
    const resident = await cardResident(server.url, 'demo-resident-0001', '1234');
    for (let i = 0; i < 2; i++) {
      const draft = await draftFor(resident, server.url, catalog, ['child_allowance']);
      await identifyAndSubmit(resident, { base: server.url, registry }, draft.app);
    }
    const staff = await signedInStaff(server.url, []);
    const created = await json(
      await staff.call(server.url, 'POST', `${M}/system-keys/`, {
        name: '児童手当システム',
        procedure_codes: ['child_allowance'],
        access: 'read_update',
        expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
        allowed_cidrs: ['127.0.0.0/8', '::1/128'],
        webhook_url: `http://127.0.0.1:${hookPort}/`,
      }),
      201,
    );
    key = created.token as string;
    secret = created.webhook_secret as string;
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('saves each new document with its files, resumes from its cursor, and takes a change again', async () => {
    const first = await consumer(args(), key).done;
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('done: 2 documents saved');
    const folders = readdirSync(out).filter((f) => !f.startsWith('.'));
    expect(folders).toHaveLength(2);
    for (const folder of folders) {
      const doc = JSON.parse(readFileSync(join(out, folder, 'document.json'), 'utf8'));
      expect(doc.reference_number).toBe(folder);
      expect(doc.procedure_code).toBe('child_allowance');
      expect(Object.keys(doc.answers).length).toBeGreaterThan(3);
      expect(doc.attachments.length).toBeGreaterThan(0);
      const files = readdirSync(join(out, folder, 'attachments'));
      expect(files).toHaveLength(doc.attachments.length);
      // Every file is the one the document names, byte for byte.
      for (const a of doc.attachments) {
        const file = files.find((f) => f.startsWith(`${a.standard_item_code}-${a.sequence}-`))!;
        expect(sha256(join(out, folder, 'attachments', file))).toBe(a.sha256);
      }
      for (const r of doc.renderings) {
        expect(sha256(join(out, folder, 'renderings', `${r.audience}-${r.id}.pdf`))).toBe(r.sha256);
      }
    }
    expect(existsSync(join(out, '.cursor'))).toBe(true);

    const again = await consumer(args(), key).done;
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('done: 0 documents saved');

    // The core system takes one up (through the API, as a status of its own); the next run brings it back.
    const doc = JSON.parse(readFileSync(join(out, folders[0]!, 'document.json'), 'utf8'));
    const res = await setStatus(doc, 'in_progress');
    expect(res.status, await res.text()).toBe(200);
    const third = await consumer(args(), key).done;
    expect(third.out).toContain('done: 1 documents saved');
    const updated = JSON.parse(readFileSync(join(out, folders[0]!, 'document.json'), 'utf8'));
    expect(updated.status).toBe('in_progress');
    expect(updated.version).toBeGreaterThan(doc.version);
  });

  it('refuses to run without what it needs, and says why when the portal refuses the key', async () => {
    const missing = await consumer(['--server', server.url], key).done;
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('missing: --municipality, --out');
    const refused = await consumer(args(), 'psk_unknown').done;
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^401 /);
  });

  const setStatus = (doc: { id: string; version: number }, status: string) =>
    fetch(`${server.url}${M}/system/documents/${doc.id}/status/`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${key}`,
        'x-region-code': '999999',
        'content-type': 'application/json',
        'if-match': `"${doc.version}"`,
      },
      body: JSON.stringify({ status }),
    });

  it('in receiving mode, pulls on the portal’s signed event and answers 401 to a forged one', async () => {
    const listening = consumer(
      [...args(), '--listen', String(hookPort), '--secret', secret, '--interval', '3600'],
      key,
    );
    const saw = (text: string) => waitFor(async () => listening.run.out.includes(text) || null, 60_000);
    try {
      const url = await waitFor(
        async () => /listening on (\S+)/.exec(listening.run.out)?.[1] ?? null,
        30_000,
      );
      // A forged event (another secret, or none) is refused and starts nothing.
      const payload = JSON.stringify({
        type: 'document.status_changed',
        timestamp: new Date().toISOString(),
        data: {},
      });
      const now = new Date();
      const forger = new Webhook(
        `whsec_${Buffer.from('another secret, not the portal one').toString('base64')}`,
      );
      const forged = {
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': forger.sign('msg_forged', now, payload),
      };
      for (const headers of [forged, {}]) {
        const res = await fetch(url, { method: 'POST', body: payload, headers });
        expect(res.status).toBe(401);
      }
      expect(listening.run.out).not.toContain('event ');

      // The core system takes the document up; the portal posts the change and the consumer pulls it.
      const read = (folder: string) => JSON.parse(readFileSync(join(out, folder, 'document.json'), 'utf8'));
      const folder = readdirSync(out).find((f) => !f.startsWith('.') && read(f).status !== 'in_progress')!;
      const doc = read(folder);
      const res = await setStatus(doc, 'in_progress');
      expect(res.status, await res.text()).toBe(200);
      await saw(`event document.status_changed ${doc.reference_number}`);
      await saw(`saved ${doc.reference_number} child_allowance in_progress`);
      expect(read(folder).status).toBe('in_progress');
    } finally {
      listening.child.kill('SIGTERM');
      await listening.done;
    }
  });
});
