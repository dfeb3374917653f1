import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase, databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { linkify, outboxPage } from './outbox.plugin.js';
import { createOutboxRepository } from './outbox.repository.js';

describe('outbox page markup', () => {
  it('escapes the text and makes every http(s) address a link, without trailing punctuation', () => {
    expect(linkify('開く: https://a.example.jp/x?token=1&m=2。次へ <b>')).toBe(
      '開く: <a href="https://a.example.jp/x?token=1&amp;m=2">https://a.example.jp/x?token=1&amp;m=2</a>。次へ &lt;b&gt;',
    );
    expect(linkify('javascript:alert(1) "quoted"')).toBe('javascript:alert(1) &quot;quoted&quot;');
    expect(linkify('(see https://a.example.jp/p.) "https://b.example.jp/q"')).toBe(
      '(see <a href="https://a.example.jp/p">https://a.example.jp/p</a>.) &quot;<a href="https://b.example.jp/q">https://b.example.jp/q</a>&quot;',
    );
  });

  it('is a Japanese page with a heading per mail, and says so when there is none', () => {
    const empty = outboxPage([], undefined);
    expect(empty).toContain('<html lang="ja">');
    expect(empty).toContain('<h1>送信メール（開発用）</h1>');
    expect(empty).toContain('メールはまだありません。');
    expect(empty).not.toContain('<script');
    const one = outboxPage(
      [
        {
          id: 7,
          from: 'no-reply@localhost',
          to: 'a@example.jp',
          subject: '<件名>',
          text: '本文',
          createdAt: new Date('2026-11-24T00:00:00Z'),
        },
      ],
      'a@example.jp',
    );
    expect(one).toContain('<article aria-labelledby="mail-7">');
    expect(one).toContain('<h2 id="mail-7">&lt;件名&gt;</h2>');
    expect(one).toContain('<time datetime="2026-11-24T00:00:00.000Z">2026/11/24 09:00:00</time>');
  });
});

describe.each(databaseKinds)('development outbox at /dev/outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the latest mails newest first, with clickable links, filtered by recipient on request', async () => {
    const outbox = createOutboxRepository(t.database.db);
    const empty = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(empty.body).toContain('メールはまだありません。');

    for (let i = 1; i <= 3; i++) {
      await outbox.add({
        from: 'no-reply@localhost',
        to: i === 2 ? 'Other@Example.jp' : 'clerk@example.jp',
        subject: `件名${i}`,
        text: `リンク: http://localhost:3000/staff/password-reset?token=t${i}&municipality=999999\n以上`,
        createdAt: new Date(),
      });
    }
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox/' });
    expect(page.statusCode).toBe(200);
    const subjects = [...page.body.matchAll(/<h2 id="mail-\d+">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(subjects).toEqual(['件名3', '件名2', '件名1']);
    expect(page.body).toContain(
      '<a href="http://localhost:3000/staff/password-reset?token=t3&amp;municipality=999999">',
    );
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const filtered = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=other@example.jp' });
    expect([...filtered.body.matchAll(/<h2 id="mail-\d+">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([
      '件名2',
    ]);
    expect(filtered.body).toContain('other@example.jp 宛て');
  });

  it('is absent when the simulators are off', async () => {
    const database = await createTestDatabase(kind, { seeded: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-outbox-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SIMULATORS: 'false' }),
      database,
      webRoot: null,
    });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
