// Two clerks on one document (issue 32, decision 0034), as found walking the staff area: both open it,
// both save a memo; the second is refused with both texts shown, kept both by keyboard, and the history
// holds each text with its author. A status move and an answer edit from an older screen are refused
// too: 「再読み込み」 brings the document as it is now, keeping the clerk's choice and typing. Axe clean.
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, submittedByResident } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

const VIEWPORT = { width: 1280, height: 900 };
test.use({ actionTimeout: 15_000, viewport: VIEWPORT });

const M = '/api/municipalities/999999';

/** A second clerk's browser, as the first one's (1280 px, Japanese, no motion). */
async function secondClerk(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    reducedMotion: 'reduce',
    viewport: VIEWPORT,
  });
  return { context, page: await context.newPage() };
}

/** Pictures to look at, only when asked (E2E_SHOTS=1): a whole page, or one part of it. */
async function picture(target: Page | Locator, name: string) {
  if (!process.env.E2E_SHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a stale save shows both versions and loses nothing: memo, status and answers', async ({
  page: ito,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const applicationId = await submittedByResident(browser, testInfo.project.use.baseURL);
  await signInStaff(ito, STAFF.clerkKodomo);
  const listed = await new ResidentApi(ito).get(
    `${M}/documents/?procedure_code=child_allowance&page_size=all`,
  );
  const document = (listed.documents as { id: string; application_id: string }[]).find(
    (d) => d.application_id === applicationId,
  )!;
  expect(document).toBeTruthy();
  const second = await secondClerk(browser, testInfo.project.use.baseURL);
  const tanaka = second.page;
  await signInStaff(tanaka, STAFF.adminKodomo);

  // Both open the document.
  for (const clerk of [ito, tanaka]) {
    await clerk.goto(`/staff/documents/${document.id}`);
    await expect(clerk.getByRole('heading', { level: 1, name: /申請の詳細：/ })).toBeVisible();
  }

  // Ito saves a memo first.
  const itoMemo = region(ito, '職員メモ');
  await itoMemo.getByRole('textbox', { name: /メモ/ }).fill('電話で口座を確認済み');
  await itoMemo.getByRole('button', { name: 'メモを保存する' }).click();
  await expect(ito.getByText('メモを保存しました。')).toBeVisible();

  // Tanaka, on the screen opened before, saves another: refused, both texts side by side.
  const memo = region(tanaka, '職員メモ');
  const field = memo.getByRole('textbox', { name: /メモ/ });
  await field.fill('所得証明書の提出を待つ');
  await memo.getByRole('button', { name: 'メモを保存する' }).click();
  const conflict = memo.getByRole('alert').filter({ hasText: 'ほかの職員が先にメモを保存しました' });
  await expect(conflict).toBeVisible();
  await expect(
    conflict.getByRole('region', { name: 'あなたが入力したメモ（まだ保存されていません）' }),
  ).toContainText('所得証明書の提出を待つ');
  const saved = conflict.getByRole('region', { name: /^いま保存されているメモ（伊藤 翔太、/ });
  await expect(saved).toContainText('電話で口座を確認済み');
  await expect(conflict.getByRole('button', { name: '再読み込み' })).toBeVisible();
  await expect(tanaka.getByText('メモを保存しました。')).toHaveCount(0);
  await expect(field).toHaveValue('所得証明書の提出を待つ');
  await expectNoAxeViolations(tanaka, 'memo conflict');
  await picture(tanaka, 'memo-conflict');
  await picture(memo, 'memo-conflict-panel');

  // Keep both, by keyboard: both texts go into the field, which takes the focus; then save.
  await conflict.getByRole('button', { name: '両方を残して編集する' }).focus();
  await tanaka.keyboard.press('Enter');
  await expect(conflict).toHaveCount(0);
  await expect(field).toHaveValue('電話で口座を確認済み\n所得証明書の提出を待つ');
  await expect(field).toBeFocused();
  await memo.getByRole('button', { name: 'メモを保存する' }).click();
  await expect(tanaka.getByText('メモを保存しました。')).toBeVisible();

  // The history keeps each text, who wrote it and when.
  const history = region(tanaka, '変更履歴');
  await expect(history).toContainText(/伊藤 翔太：メモの更新/);
  await expect(history).toContainText(/田中 由美：メモの更新/);
  await expect(history).toContainText('変更後のメモ：電話で口座を確認済み');
  await expect(history).toContainText('変更前のメモ：電話で口座を確認済み');
  await expect(history).toContainText(/変更後のメモ：電話で口座を確認済み\s+所得証明書の提出を待つ/);

  // Ito's screen is now older than the document: a status move is refused, the choice kept.
  const status = region(ito, '状態の変更');
  await status.getByRole('radio', { name: '処理中にする' }).check();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  const stale = status.getByRole('alert').filter({ hasText: 'ほかの職員が先にこの申請を変更しました' });
  await expect(stale).toContainText('状態はまだ変わっていません');
  await expectNoAxeViolations(ito, 'status conflict');
  await picture(status, 'status-conflict');
  await stale.getByRole('button', { name: '再読み込み' }).focus();
  await ito.keyboard.press('Enter');
  await expect(stale).toHaveCount(0);
  await expect(region(ito, '職員メモ').getByRole('textbox', { name: /メモ/ })).toHaveValue(
    /所得証明書の提出を待つ/,
  );
  await expect(status.getByRole('radio', { name: '処理中にする' })).toBeChecked();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await expect(ito.getByText('状態を「処理中」に変更しました。')).toBeVisible();

  // Ito corrects the phone number; Tanaka, on his older screen, corrects it too.
  const itoAnswers = region(ito, '申請内容');
  await itoAnswers.getByRole('button', { name: '申請内容を修正する' }).click();
  await itoAnswers
    .getByRole('textbox', { name: /電話番号/ })
    .first()
    .fill('0311112222');
  await itoAnswers.getByRole('button', { name: '修正を保存する' }).click();
  await expect(ito.getByText('申請内容を修正しました。', { exact: false })).toBeVisible();

  const answers = region(tanaka, '申請内容');
  await answers.getByRole('button', { name: '申請内容を修正する' }).click();
  const phone = answers.getByRole('textbox', { name: /電話番号/ }).first();
  await phone.fill('0399998888');
  await answers.getByRole('button', { name: '修正を保存する' }).click();
  const refused = answers.getByRole('alert').filter({ hasText: 'ほかの職員が先にこの申請を変更しました' });
  await expect(refused).toContainText('あなたの修正はまだ保存されていません');
  await expectNoAxeViolations(tanaka, 'answers conflict');
  await refused.getByRole('button', { name: '再読み込み' }).click();
  // The answers as they are now, Tanaka's correction kept and named beside Ito's.
  await expect(refused).toContainText('今の内容を読み込みました');
  await expect(refused).toContainText(/電話番号：いまの値「0311112222」／あなたの入力「0399998888」/);
  await expect(phone).toHaveValue('0399998888');
  await expectNoAxeViolations(tanaka, 'answers conflict reloaded');
  await picture(refused, 'answers-conflict');
  await answers.getByRole('button', { name: '修正を保存する' }).click();
  await expect(tanaka.getByText('申請内容を修正しました。', { exact: false })).toBeVisible();
  await expect(history).toContainText(/電話番号：.+ → 0311112222/);
  await expect(history).toContainText('電話番号：0311112222 → 0399998888');
  await expectNoAxeViolations(tanaka, 'document after both corrections');
  await second.context.close();
});
