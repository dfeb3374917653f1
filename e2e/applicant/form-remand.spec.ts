// A remanded application: staff send it back with a message; the resident sees the message in the list,
// fixes the answers and submits again (no digital signature for the child medical subsidy).
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { DEMO, expect, expectNoAxeViolations, test, tickEvery } from '../support/fixtures';

const M = `/api/municipalities/${DEMO}`;

test('a remanded application is fixed and submitted again', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInResident(page);
  const app = await applicationAtForm(page, { procedureCodes: ['child_medical_subsidy'] });
  const api = `${M}/applications/${app.id}`;
  const { headers } = app;

  // Submitted through the calls the screens make.
  expect(
    (
      await page.request.post(`${api}/form/`, {
        headers,
        data: { standard_item_fragments: [], is_last_page_in_concierge_assistant: true },
      })
    ).ok(),
  ).toBe(true);
  const upload = await page.request.post(`${api}/procedure-attaches/`, {
    headers,
    multipart: {
      standard_item_code: 'attach_health_insurance_card',
      sequence: '1',
      file: { name: 'card.png', mimeType: 'image/png', buffer: pngBytes() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const submitted = await page.request.put(`${api}/document/status/`, {
    headers,
    data: { status: 'submitted' },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);

  // Staff remand it (their own session, in a separate request context).
  const login = await request.post(`${M}/login/`, {
    headers: { 'X-Region-Code': DEMO, 'X-CSRF-Token': '' },
    data: { login_id: 'admin.kodomo@demo.example.jp', password: 'demo-Password-2026' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const staff = {
    'X-Region-Code': DEMO,
    'X-CSRF-Token': ((await login.json()) as { csrf_token: string }).csrf_token,
  };
  const list = await request.get(`${M}/documents/?page_size=all`, { headers: staff });
  expect(list.ok(), await list.text()).toBe(true);
  const documents = (
    (await list.json()) as { documents: { id: string; application_id: string; version: number }[] }
  ).documents;
  const document = documents.find((d) => d.application_id === app.id)!;
  expect(document).toBeTruthy();
  const remand = await request.put(`${M}/documents/${document.id}/status/`, {
    // The version the list showed (decision 0034).
    headers: { ...staff, 'If-Match': `"${document.version}"` },
    data: { status: 'remanded', remand_message: '保険者番号が資格確認書と違います。確認してください。' },
  });
  expect(remand.ok(), await remand.text()).toBe(true);

  // The resident sees the message and the way to fix it.
  await page.goto(`/municipalities/${DEMO}/applications`);
  const card = page.getByRole('listitem').filter({ hasText: '保険者番号が資格確認書と違います。' });
  await expect(card.getByText('差し戻し').first()).toBeVisible();
  await expectNoAxeViolations(page, 'applications (remanded)');
  await card.getByRole('link', { name: '修正して再提出する' }).click();
  // The review: the staff's message on top, every answer with its 「変更」 link.
  await expect(page).toHaveURL(`${app.base}/formValues`);
  await expect(page.getByTestId('remand-message')).toContainText('保険者番号が資格確認書と違います。');
  await expectNoAxeViolations(page, 'review (remanded)');
  await page.getByRole('link', { name: '変更 （保険者番号）', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: '健康保険', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '保険者番号', exact: true }).fill('12345678');
  await page.getByRole('button', { name: '保存して確認画面に戻る' }).click();
  await expect(page.getByTestId('review-insurance_insurer_number')).toContainText('12345678');
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await page.getByRole('button', { name: '確定して次へ' }).click();
  // No handwritten signature for this procedure: the router skips to the confirmation.
  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`);
  await tickEvery(page, (box) => box.check());
  await page.getByRole('button', { name: '申請を送信する' }).click();
  await expect(page).toHaveURL(`${app.base}/complete`);
  await expect(page.getByTestId('reference-number')).toHaveText(/^\d{4}-\d{6}$/);
});
