import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { createTestDatabase } from './testing/databases.js';
import { httpBrowser, startServer } from './testing/server-process.js';

const staff = demoData.municipalities[0]!.staff[0]!;
const M = '/api/municipalities/999999';

// Each test starts real server processes (each may take up to 90 s to answer health on a loaded machine).
describe('server processes', { timeout: 240_000 }, () => {
  it('keeps a write answered 2xx on the embedded database after SIGKILL and a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-kill-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const client = httpBrowser();
      await client.init(first.url);
      const home = await client.call(first.url, 'GET', `${M}/`);
      expect(home.status).toBe(200);
      const login = await client.call(first.url, 'POST', `${M}/login/`, {
        login_id: staff.email,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      await first.stop('SIGKILL');

      const second = await startServer({ DATA_DIR: dataDir });
      try {
        const status = await client.call(second.url, 'GET', `${M}/login/status/`);
        expect(((await status.json()) as { is_logged_in: boolean }).is_logged_in).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on a running embedded data folder, leaving the first one’s data alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-two-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      try {
        const client = httpBrowser();
        await client.init(first.url);
        const login = await client.call(first.url, 'POST', `${M}/login/`, {
          login_id: staff.email,
          password: DEMO_PASSWORD,
        });
        expect(login.status).toBe(200);
        const second = startServer({ DATA_DIR: dataDir });
        await expect(second).rejects.toThrow(/server exited with 1/);
        await expect(second).rejects.toThrow(/is in use by process \d+; stop it first/);
        const status = await client.call(first.url, 'GET', `${M}/login/status/`);
        expect(((await status.json()) as { is_logged_in: boolean }).is_logged_in).toBe(true);
      } finally {
        await first.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs two processes against one PostgreSQL that both answer and share sessions',
    async () => {
      const database = await createTestDatabase('postgres');
      await database.close();
      const env = { DATABASE_URL: database.url!, SEED_DEMO: 'true' };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const client = httpBrowser();
        await client.init(a.url);
        expect((await client.call(b.url, 'GET', `${M}/`)).status).toBe(200);
        const login = await client.call(a.url, 'POST', `${M}/login/`, {
          login_id: staff.email,
          password: DEMO_PASSWORD,
        });
        expect(login.status).toBe(200);
        const status = await client.call(b.url, 'GET', `${M}/login/status/`);
        expect(((await status.json()) as { is_logged_in: boolean }).is_logged_in).toBe(true);
        // The CSRF token issued by one process is accepted by the other.
        const logout = await client.call(b.url, 'POST', `${M}/logout/`);
        expect(logout.status).toBe(200);
        const after = await client.call(a.url, 'GET', `${M}/login/status/`);
        expect(((await after.json()) as { is_logged_in: boolean }).is_logged_in).toBe(false);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.dispose();
      }
    },
  );
});
