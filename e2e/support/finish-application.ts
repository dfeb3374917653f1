// The second half of an application through its screens, from the form to the reference number, for
// journeys that reached the form through the screens before it: a field error from the server shown and
// corrected (from the review when the form does not ask the phone again), the review, every attachment slot uploaded, a drawn signature, the digital signature through
// the development signing app, and the completion page.
import type { Page } from '@playwright/test';
import { pngBytes } from './application-setup';
import { expect, expectNoAxeViolations, RESIDENT, tickEvery } from './fixtures';

/** Draws two strokes on the signature pad with the mouse (or the finger, on a touch screen). */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.15, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(...at(0.15 + i * 0.03, 0.6 - Math.sin(i / 3) * 0.2));
  await page.mouse.up();
  await page.mouse.move(...at(0.5, 0.3));
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(...at(0.5 + i * 0.02, 0.3 + i * 0.04));
  await page.mouse.up();
}

/** The server refuses a malformed phone number at the field; the link in the summary leads back to it. */
async function phoneRefusedThenCorrected(page: Page, submit: () => Promise<void>) {
  const phone = page.getByRole('textbox', { name: '電話番号', exact: true });
  const kept = await phone.inputValue();
  await phone.fill('03-1234');
  await submit();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link', { name: /^電話番号:/ }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('03-1234');
  await phone.fill(kept || '0312345678');
}

/**
 * The form's pages until the review. The form asks only what the questions did not (issue 12), so the
 * phone number is usually changed from the review: refused by the server there, then corrected, and the
 * save returns to the review.
 */
async function formToReview(page: Page, base: string) {
  await expect(page).toHaveURL(`${base}/form`);
  await expect(page.getByRole('heading', { level: 1, name: '申請内容の入力' })).toBeVisible();
  let errorShown = false;
  for (let pages = 0; pages < 30 && !page.url().includes('/formValues'); pages++) {
    const heading = page.getByRole('heading', { level: 2 }).first();
    const review = page.getByRole('button', { name: /^(入力内容を確認する|確認画面へ進む)$/ });
    // A form the questions answered completely has no page to fill: straight to the review (which the
    // form may also open by itself).
    const reviewHeading = page.getByRole('heading', { level: 1, name: '入力内容の確認' });
    const nextPage = page.getByRole('button', { name: '次へ', exact: true });
    // A page is ready once its way on is drawn (headings may come first).
    await expect(review.or(nextPage).or(reviewHeading).first()).toBeVisible();
    if (await reviewHeading.isVisible()) break;
    if (!(await heading.isVisible())) {
      await review.click();
      break;
    }
    const before = await heading.textContent();
    const submit = async () => {
      const button = (await review.isVisible()) ? review : nextPage;
      // The form may move on to the review by itself while the click waits (nothing left to ask).
      await button.click().catch(async (error: unknown) => {
        if (!(await reviewHeading.isVisible())) throw error;
      });
    };
    if (!errorShown && (await page.getByRole('textbox', { name: '電話番号', exact: true }).isVisible())) {
      await phoneRefusedThenCorrected(page, submit);
      errorShown = true;
    }
    await submit();
    await expect(async () => {
      expect(page.url().includes('/formValues') || (await heading.textContent()) !== before).toBe(true);
    }).toPass();
  }
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  if (!errorShown) {
    await page.getByTestId('review-applicant_phone').getByRole('link', { name: /変更/ }).click();
    await phoneRefusedThenCorrected(page, () =>
      page.getByRole('button', { name: '保存して確認画面に戻る' }).click(),
    );
    await page.getByRole('button', { name: '保存して確認画面に戻る' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  }
}

/** From the form (already open) to the completion page; returns the reference numbers. */
export async function finishApplication(
  page: Page,
  base: string,
  expectedDocuments: number,
  atReview?: () => Promise<void>,
  /** The file put into the i-th slot (a PNG scan by default). */
  fileFor: (i: number) => { name: string; mimeType: string; buffer: Buffer } = (i) => ({
    name: `document-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: pngBytes(),
  }),
) {
  await formToReview(page, base);
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await atReview?.();
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const inputs = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  // The slots arrive with the page's data: wait for the first before counting them.
  await expect(inputs.first()).toBeAttached();
  const count = await inputs.count();
  expect(count, 'attachment slots').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const input = inputs.nth(i);
    const slot = (await input.getAttribute('data-testid'))!.replace(/-file$/, '');
    const file = fileFor(i);
    await input.setInputFiles(file);
    await expect(page.getByTestId(slot).getByTestId('attachment-file-name')).toHaveText(file.name);
  }
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の確認' })).toBeVisible();
  await page.getByRole('button', { name: '確定して次へ' }).click();
  await signAndSend(page, base, expectedDocuments);
}

/** From the confirmed attachments to the completion page: signatures, then sent by the card's signing. */
export async function signAndSend(page: Page, base: string, expectedDocuments: number) {
  // A handwritten signature only where a procedure asks for one (the child allowance; not a birth
  // notification alone).
  // (The signature page passes on by itself when no procedure asks: wait for what it settles on.)
  const pad = page.getByTestId('signature-pad');
  const certificate = page.getByRole('heading', { level: 1, name: '電子署名' });
  await expect(pad.or(certificate).first()).toBeVisible();
  if (await pad.isVisible()) {
    await drawSignature(page);
    await expect(page.getByRole('img', { name: '署名欄（署名が書かれています）' })).toBeVisible();
    await page.getByRole('button', { name: '署名を登録して次へ' }).click();
  }

  await expect(page).toHaveURL(`${base}/signatureDigitalCertificateConfirm`);
  await tickEvery(page, (box) => box.check());
  await page.getByRole('button', { name: '電子署名に進む' }).click();
  await expect(page).toHaveURL(`${base}/miidLaunchGuide`);
  // Before signing, the resident is told that signing sends the application, and what is sent.
  await expect(page.getByTestId('signing-sends')).toContainText('署名すると、申請が送信されます');
  await expect(page.getByTestId('signing-sends')).toContainText('登録した添付書類');
  await expectNoAxeViolations(page, 'before signing: signing sends the application');
  await page.getByRole('button', { name: '署名アプリで署名して申請を送信する' }).click();
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  await expectNoAxeViolations(page, 'the signing app stand-in');
  await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption(RESIDENT.subject);
  await page.getByLabel(/暗証番号/).fill(RESIDENT.pin);
  await page.getByRole('button', { name: '署名する' }).click();

  await expect(page).toHaveURL(`${base}/complete`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '申請を受け付けました' })).toBeVisible();
  const references = page.getByTestId('reference-number');
  await expect(references).toHaveCount(expectedDocuments);
  for (const cell of await references.all()) {
    await expect(cell).toHaveText(/^\d{4}-\d{6}$/);
    // Read out and typed as one: never broken across lines, also on a phone.
    await expect(cell).toHaveCSS('white-space', 'nowrap');
  }
  // What happens next, and when, named for the municipality.
  const next = page.getByRole('region', { name: 'このあとの流れ' });
  await expect(next).toContainText('デモ市の担当課が、受け付けた順に申請内容を確認します');
  await expect(next).toContainText('開庁日で数日');
  await expectNoAxeViolations(page, 'complete: what happens next');
}
