// Issue 37, the administrators' screen for core systems' keys: an administrator creates a key and sees
// its token once (gone after leaving the panel and after a reload); a core system calls the pull API with
// it over HTTP; the use shows on the key's page; the administrator revokes it and the key gets 401.
// axe finds nothing at the list, the shown-once panel and the key's page; screenshots at 1280 and 390 px.
// A key's webhook deliveries: a real endpoint verifies the signature, a failure's answer shows in the log,
// and a resend reaches the system with the same message id.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000 });

const M = '/api/municipalities/999999';
const PULL = `${M}/system/documents/`;
const TOKEN = /^psk_[A-Za-z0-9_-]{43}$/;

async function shoot(page: Page, label: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${label}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('create a key (shown once), use it over HTTP, see the use, revoke it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `住民記録システム ${Date.now()}`;
  await signInStaff(page, STAFF.adminShimin);
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '外部システム連携' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '外部システム連携' })).toBeVisible();
  await expect(page.getByRole('region', { name: '外部システム連携のキー' })).toBeVisible();
  await expectNoAxeViolations(page, 'the key list (empty)');

  // The form checks each address line as a CIDR and names the wrong ones.
  await page.getByRole('link', { name: 'キーを作成する' }).click();
  await page.getByRole('textbox', { name: 'システムの名前' }).fill(name);
  await page.getByRole('checkbox', { name: /^出生届/ }).check();
  await page.getByRole('radio', { name: '読み取りと処理状況の更新' }).check();
  const cidrs = page.getByRole('textbox', { name: '接続元のアドレスの範囲' });
  await cidrs.fill('127.0.0.0/8\n127.0.0.1');
  await page.getByRole('button', { name: 'キーを作成する' }).click();
  await expect(cidrs).toBeFocused();
  await expect(page.getByText('次の行がCIDR形式になっていません: 127.0.0.1')).toBeVisible();
  await cidrs.fill('127.0.0.0/8\n::1/128');
  // Development accepts plain http to a local address (production only public https).
  await page.getByRole('textbox', { name: 'Webhookの送信先URL（任意）' }).fill('http://127.0.0.1:9/hook');
  await page.getByRole('button', { name: 'キーを作成する' }).click();

  // The token, once, with the sentence that it will not be shown again.
  const panel = page.getByRole('region', { name: 'キーを作成しました' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('二度と表示できません', { exact: false })).toBeVisible();
  const token = (await panel.getByTestId('shown-once-value').first().innerText()).trim();
  expect(token).toMatch(TOKEN);
  await expect(panel.getByRole('button', { name: 'APIキーをコピーする' })).toBeVisible();
  const secret = (await panel.getByTestId('shown-once-value').nth(1).innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await expect(panel.getByRole('button', { name: 'Webhookの署名用シークレットをコピーする' })).toBeVisible();
  await expectNoAxeViolations(page, 'the shown-once panel');
  await shoot(page, 'shown-once');

  // Leaving the panel hides the token for good; the list shows its prefix only.
  await panel.getByRole('button', { name: 'コピーしました。一覧に戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '外部システム連携' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).toContainText('有効');
  await expect(row).toContainText('読み取りと処理状況の更新');
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('group', { name: /このキーで読み取れる手続き/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'システムの名前' })).toHaveValue('');
  await expect(page.getByText(token)).toHaveCount(0);

  // A core system calls the pull API with the key: no cookie, the region header.
  const call = () =>
    request.get(PULL, { headers: { Authorization: `Bearer ${token}`, 'X-Region-Code': '999999' } });
  const pulled = await call();
  expect(pulled.status(), await pulled.text()).toBe(200);
  const documents = ((await pulled.json()) as { documents: { id: string; reference_number: string }[] })
    .documents;
  const read = documents[0];
  if (read) {
    const one = await request.get(`${PULL}${read.id}/`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Region-Code': '999999' },
    });
    expect(one.status()).toBe(200);
  }

  // The use shows on the key's page.
  await page.goto('/staff/system-keys');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const uses = page.getByRole('region', { name: 'キーが使われた記録' });
  await expect(uses.getByRole('row').filter({ hasText: 'システムによる申請一覧の取得' })).toContainText(
    '127.0.0.1',
  );
  if (read) await expect(uses).toContainText(read.reference_number);
  // The deliveries' log is there (nothing sent yet: no document event since the key was made).
  await expect(page.getByRole('region', { name: 'Webhookの送信の一覧' })).toContainText(
    'まだ送信していません。',
  );
  await expectNoAxeViolations(page, 'the key’s page');

  // Revoking asks first, then the key is refused.
  await page.getByRole('button', { name: '失効させる' }).click();
  const dialog = page.getByRole('dialog', { name: 'このキーを失効させますか' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: '失効させる' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`「${name}」を失効させました。`)).toBeVisible();
  await expect(page.getByText('失効', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '失効させる' })).toHaveCount(0);
  expect((await call()).status()).toBe(401);

  await page.getByRole('link', { name: 'キーの一覧に戻る' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('失効');
  await expectNoAxeViolations(page, 'the key list');
  await shoot(page, 'key-list');
});

test('a stale revocation shows the usual conflict message', async ({ page }) => {
  const name = `戸籍システム ${Date.now()}`;
  await signInStaff(page, STAFF.adminShimin);
  await page.goto('/staff/system-keys/new');
  await page.getByRole('textbox', { name: 'システムの名前' }).fill(name);
  await page.getByRole('checkbox', { name: /^出生届/ }).check();
  await page.getByRole('textbox', { name: '接続元のアドレスの範囲' }).fill('192.0.2.0/24');
  await page.getByRole('button', { name: 'キーを作成する' }).click();
  await page.getByRole('button', { name: 'コピーしました。一覧に戻る' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The page has read the key (no read still under way could pick up the other revocation below).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: '失効させる' }).click();
  const dialog = page.getByRole('dialog', { name: 'このキーを失効させますか' });

  // Someone else revokes it while the dialog is open (the version this page read is now stale).
  const keys = (await (
    await page.request.get('/api/municipalities/999999/system-keys/', {
      headers: { 'X-Region-Code': '999999' },
    })
  ).json()) as { keys: { id: string; name: string; version: number }[] };
  const key = keys.keys.find((k) => k.name === name)!;
  const csrf = (await (
    await page.request.get('/api/csrf-token', {
      headers: { 'X-Region-Code': '999999' },
    })
  ).json()) as { csrf_token: string };
  const other = await page.request.delete(`/api/municipalities/999999/system-keys/${key.id}/`, {
    headers: { 'X-Region-Code': '999999', 'X-CSRF-Token': csrf.csrf_token, 'If-Match': `"${key.version}"` },
  });
  expect(other.status(), await other.text()).toBe(200);

  await dialog.getByRole('button', { name: '失効させる' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'ほかの職員がこのキーを変更しました。画面を読み込み直してから、もう一度操作してください。',
  );
});

interface Received {
  id: string;
  type: string;
  reference: string;
}

/** A core system's webhook endpoint: verifies each post with the key's secret, answers `status()`. */
async function coreSystem(status: () => number) {
  const received: Received[] = [];
  const secret = { value: '' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let event: { type: string; data: { reference_number: string } };
      try {
        event = new Webhook(secret.value).verify(
          Buffer.concat(chunks).toString('utf8'),
          req.headers as Record<string, string>,
        ) as typeof event;
      } catch {
        return void res.writeHead(401).end();
      }
      received.push({
        id: String(req.headers['webhook-id']),
        type: event.type,
        reference: event.data.reference_number,
      });
      const answer = status();
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'core system is down' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, secret, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

test('a key’s webhook deliveries: signed posts, a failure’s answer, a resend that reaches the system', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  let answer = 500;
  const system = await coreSystem(() => answer);
  try {
    const name = `児童手当システム ${Date.now()}`;
    await signInStaff(page, STAFF.adminShimin);
    await page.goto('/staff/system-keys/new');
    await page.getByRole('textbox', { name: 'システムの名前' }).fill(name);
    await page.getByRole('checkbox', { name: /^児童手当/ }).check();
    await page.getByRole('textbox', { name: '接続元のアドレスの範囲' }).fill('127.0.0.0/8');
    await page.getByRole('textbox', { name: 'Webhookの送信先URL（任意）' }).fill(system.url);
    await page.getByRole('button', { name: 'キーを作成する' }).click();
    const panel = page.getByRole('region', { name: 'キーを作成しました' });
    system.secret.value = (await panel.getByTestId('shown-once-value').nth(1).innerText()).trim();
    await panel.getByRole('button', { name: 'コピーしました。一覧に戻る' }).click();

    // A resident sends 児童手当: the portal posts document.submitted, signed; the system answers 500.
    const applicationId = await submittedByResident(
      browser,
      test.info().project.use.baseURL,
      'child_allowance',
    );
    const listed = await new ResidentApi(page).get(
      `${M}/documents/?procedure_code=child_allowance&page_size=all`,
    );
    const reference = (listed.documents as { application_id: string; reference_number: string }[]).find(
      (d) => d.application_id === applicationId,
    )!.reference_number;
    const ours = () => system.received.filter((r) => r.reference === reference);
    await expect.poll(() => ours().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    expect(ours()[0]!.type).toBe('document.submitted');

    await page.getByRole('link', { name }).click();
    const log = page.getByRole('region', { name: 'Webhookの送信の一覧' });
    const row = log.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('申請の受付');
    await expect(row).toContainText('送信待ち');
    await expect(row).toContainText('HTTP 500: core system is down');
    await expectNoAxeViolations(page, 'the key’s page with a delivery');

    // The system is back; the administrator resends: the same message id arrives, and the log says so.
    answer = 204;
    const before = ours().length;
    await row.getByRole('button', { name: `申請の受付（${reference}）を再送` }).click();
    await expect(page.getByText('再送を受け付けました。')).toBeVisible();
    await expect.poll(() => ours().length, { timeout: 60_000 }).toBeGreaterThan(before);
    expect(new Set(ours().map((r) => r.id)).size).toBe(1);
    await expect
      .poll(
        async () => {
          await page.reload();
          // Counted once the reloaded log has drawn this document's rows (not the empty page before).
          const rows = log.getByRole('row').filter({ hasText: reference });
          await rows.first().waitFor();
          return rows.filter({ hasText: '成功' }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await shoot(page, 'deliveries');
  } finally {
    system.server.close();
  }
});
