// Counter handoff (書かない窓口, issue 17 item 2, decision 0026): a resident prepares a birth notification on
// a phone and shows its QR code; the test reads the token from the QR code's pixels; a clerk on a
// 1024×768 tablet takes it, adds the missing attachments with the resident, checks their identity at the
// counter instead of the card's signature and submits; the document says who checked. axe clean; the
// counter code typed with the keyboard alone works without a camera; an application started at the counter
// is handed to the resident's phone by QR code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { expect, expectNoAxeViolations, test, tickEvery } from '../support/fixtures';
import { answerMissingItems, ResidentApi, residentBrowser } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

const M = '/api/municipalities/999999';
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer,
  },
});

test.use({ actionTimeout: 15_000, viewport: { width: 1024, height: 768 } });

/** The resident answers the whole form from the phone (the attachments stay for the counter). */
async function formAnswered(phone: Page, procedureCodes: string[]) {
  await signInResident(phone);
  const app = await applicationAtForm(phone, { procedureCodes });
  const api = new ResidentApi(phone);
  const base = `${M}/applications/${app.id}`;
  const form = await api.get(`${M}/form/?procedure_group_id=1&procedure_ids=${app.procedureIds.join(',')}`);
  await answerMissingItems(api, base, form);
  return app;
}

/** What the QR code on the page says, read from its pixels as a camera would. */
async function qrText(page: Page): Promise<string> {
  const image = page.getByTestId('handoff-qr');
  await expect(image).toBeVisible();
  const pixels = await image.screenshot();
  const [found] = await readBarcodes(new Uint8Array(pixels), { formats: ['QRCode'] });
  expect(found?.isValid, 'the QR code reads').toBe(true);
  return found!.text;
}

test('a phone’s draft is taken at the counter by QR code and submitted with the identity check', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const phone = await residentContext.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  const app = await formAnswered(phone, ['birth_notification']);

  // The resident opens the QR code from their list.
  await phone.goto('/municipalities/999999/applications');
  // Other tests' drafts of the same resident may be listed too: this application's link.
  await phone
    .getByRole('link', { name: '窓口で続ける（QRコードを表示）' })
    .and(phone.locator(`a[href$="/applications/${app.id}/handoff"]`))
    .click();
  await expect(phone.getByRole('heading', { level: 1, name: '窓口で続ける' })).toBeVisible();
  await expect(phone.getByTestId('handoff-code')).toHaveText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await expectNoAxeViolations(phone, 'the handoff QR code (phone)');
  const text = await qrText(phone);
  expect(text).toMatch(/\/staff\/counter#handoff=[\w-]{43}$/);
  const qrUrl = new URL(text);

  // The clerk, on the counter tablet, opens the address the QR code holds: the application is taken.
  await signInStaff(page, STAFF.clerkShimin);
  await page.getByRole('link', { name: '窓口受付' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '窓口受付' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'タブレットの利用規約' })).toContainText('窓口');
  await expectNoAxeViolations(page, 'the counter screen');
  await page.goto(`${qrUrl.pathname}${qrUrl.hash}`);
  const taken = page.getByRole('region', { name: '受け付けた申請' });
  await expect(taken).toContainText('出生届');
  expect(page.url()).not.toContain('#handoff');
  await expectNoAxeViolations(page, 'the counter screen with the taken application');
  // Used once: the phone's code no longer works.
  const code = await phone.getByTestId('handoff-code').textContent();
  await page.getByLabel('受付コード（8文字の英数字）').fill(code!);
  await page.getByRole('button', { name: '受け付ける' }).click();
  await expect(page.getByText('このコードはもう使えません')).toBeVisible();

  await taken.getByRole('link', { name: '申請者と一緒に入力を続ける' }).click();
  const base = `/municipalities/999999/applications/${app.id}`;
  await expect(page).toHaveURL(`${base}/formValues`);
  const banner = page.getByRole('region', { name: '窓口で受付中' });
  await expect(banner).toContainText('担当: 鈴木 美咲');
  await expectNoAxeViolations(page, 'the review with the counter banner');
  // The resident's news stays theirs: the home page at the counter neither asks for it nor marks it read.
  const noticeCalls: string[] = [];
  page.on('request', (r) => void (r.url().includes('/notices/') && noticeCalls.push(r.url())));
  await page.goto('/municipalities/999999');
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(noticeCalls).toEqual([]);
  await page.goto(`${base}/formValues`);

  // The missing part: the attachments, added at the counter.
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const inputs = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  await expect(inputs.first()).toBeAttached();
  for (let i = 0; i < (await inputs.count()); i++) {
    const slot = (await inputs.nth(i).getAttribute('data-testid'))!.replace(/-file$/, '');
    await inputs.nth(i).setInputFiles({ name: `scan-${i}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId(slot).getByTestId('attachment-file-name')).toHaveText(`scan-${i}.png`);
  }
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await page.getByRole('button', { name: '確定して次へ' }).click();

  // The identity check at the counter stands instead of the card's signature.
  await expect(page).toHaveURL(`${base}/signatureDigitalCertificateConfirm`);
  await tickEvery(page, (box) => box.check());
  const check = page.getByRole('region', { name: '窓口で本人確認' });
  await expectNoAxeViolations(page, 'the counter identity check');
  await check.getByRole('radio', { name: '運転免許証' }).check();
  await check.getByRole('button', { name: '本人確認を記録する' }).click();
  await expect(page.getByTestId('counter-identity-done')).toContainText(
    '鈴木 美咲が運転免許証で本人確認しました',
  );
  await page.getByRole('button', { name: '窓口で申請を送信する' }).click();

  // Back on the counter screen; the document says how it was received and who checked.
  await expect(page.getByText('窓口申請を送信しました。')).toBeVisible();
  await expect(page.getByRole('region', { name: '窓口で受付中' })).toHaveCount(0);
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=birth_notification&page_size=all`,
  );
  const doc = (listed.documents as { id: string; application_id: string; reference_number: string }[]).find(
    (d) => d.application_id === app.id,
  )!;
  // The send shows the reference number to tell the resident, beside its procedure.
  await expect(page.getByTestId('counter-references')).toContainText(`出生届受付番号${doc.reference_number}`);
  await expectNoAxeViolations(page, 'the counter screen after a send');
  await page.goto(`/staff/documents/${doc.id}`);
  await expect(page.getByTestId('document-channel')).toContainText('窓口（本人確認: 鈴木 美咲）');
  await expect(page.getByTestId('document-channel')).toContainText('運転免許証を確認');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('document-channel')).toContainText(
    'At the counter (identity checked by 鈴木 美咲)',
  );
  await residentContext.close();
});

test('the counter code is typed with the keyboard alone, without a camera', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const phone = await residentContext.newPage();
  await signInResident(phone);
  const app = await applicationAtForm(phone, { procedureCodes: ['child_allowance'] });
  await phone.goto(`${app.base}/handoff`);
  await expect(phone.getByTestId('handoff-code')).toHaveText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const code = (await phone.getByTestId('handoff-code').textContent())!;

  await signInStaff(page, STAFF.clerkShimin);
  await page.goto('/staff/counter');
  const field = page.getByLabel('受付コード（8文字の英数字）');
  for (let i = 0; i < 60 && !(await field.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(field).toBeFocused();
  await page.keyboard.type('zzz');
  await page.keyboard.press('Enter');
  await expect(page.getByText('受付コードは8文字の英数字です。')).toBeVisible();
  await field.fill('');
  await page.keyboard.type(code.toLowerCase());
  await page.keyboard.press('Enter');
  const taken = page.getByRole('region', { name: '受け付けた申請' });
  await expect(taken).toContainText('児童手当');
  await expect(taken.getByRole('heading', { name: '受け付けた申請' })).toBeFocused();
  await residentContext.close();
});

test('an application started at the counter is handed to the resident’s phone by QR code', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The clerk starts a new application on the tablet: the applicant pages open in a counter session.
  await signInStaff(page, STAFF.clerkShimin);
  await page.goto('/staff/counter');
  await page.getByRole('button', { name: '新しい申請を始める' }).click();
  await expect(page.getByRole('region', { name: '窓口で受付中' })).toBeVisible();
  const desk = new ResidentApi(page);
  const created = (await desk.write(
    'POST',
    `${M}/concierge-values/`,
    { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] },
    201,
  )) as { id: string };

  // From the tablet's list, the QR code for the resident's phone.
  await page.goto('/municipalities/999999/applications');
  await page.getByRole('link', { name: '窓口で続ける（QRコードを表示）' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'スマートフォンで続ける' })).toBeVisible();
  await expectNoAxeViolations(page, 'the QR code for the resident');
  const qrUrl = new URL(await qrText(page));
  expect(qrUrl.pathname).toBe('/municipalities/999999/handoff');

  // The resident signs in on the phone and opens the code: the application becomes theirs.
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const phone = await residentContext.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await signInResident(phone);
  await phone.goto(`${qrUrl.pathname}${qrUrl.hash}`);
  await expect(phone.getByText('申請を受け取りました。続きを入力できます。')).toBeVisible();
  await expectNoAxeViolations(phone, 'the claimed handoff on the phone');
  await phone.getByRole('link', { name: '申請の続きへ進む' }).click();
  await expect(phone).toHaveURL(new RegExp(`/applications/${created.id}/`));
  const mine = (await new ResidentApi(phone).get('/api/applicant/applications/')) as {
    applications: { id: string }[];
  };
  expect(mine.applications.map((a) => a.id)).toContain(created.id);
  // Used once: opened again, the code is refused with what to do.
  await phone.goto(`${qrUrl.pathname}${qrUrl.hash}`);
  await expect(phone.getByText(/このQRコードはもう使えません/)).toBeVisible();
  await residentContext.close();
});
