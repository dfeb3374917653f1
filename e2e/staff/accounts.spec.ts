// Accounts of the staff area: an administrator invites a new member; the member opens the mailed link
// (development outbox), creates the account with a kana reading under the password policy, signs in;
// forgets the password and resets it through the mailed link; the administrator edits and deletes it.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, passwordField, test } from '../support/fixtures';
import { signInStaff, STAFF } from './staff-support';

// A step that cannot happen fails within seconds, naming the step, instead of at the test's time-out.
test.use({ actionTimeout: 15_000 });

const NEW_PASSWORD = 'new-Password-2027';
const RESET_PASSWORD = 'reset-Password-2028';

const newPassword = (page: Page) => page.locator('input[autocomplete="new-password"]').first();
const newPasswordAgain = (page: Page) => page.locator('input[autocomplete="new-password"]').nth(1);

async function openMailLink(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await mail.getByRole('link').first().click();
}

test('invite, accept with the password policy, reset the password, edit and delete', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `new-${Date.now()}@demo.example.jp`;

  // The administrator invites a clerk of こども家庭課.
  await signInStaff(page, STAFF.adminKodomo);
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '職員の招待' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '職員の招待' })).toBeVisible();
  await page.getByRole('button', { name: '招待メールを送る' }).click();
  await expect(page.getByRole('textbox', { name: 'メールアドレス' })).toBeFocused();
  await page.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await page.getByRole('radio', { name: /^担当者/ }).check();
  await page.getByRole('checkbox', { name: 'こども家庭課' }).check();
  await page.getByRole('button', { name: '招待メールを送る' }).click();
  await expect(
    page.getByRole('region', { name: '送信した招待' }).or(page.getByText(email).first()),
  ).toBeVisible();

  // The invited person (another browser) opens the link and creates the account.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const invited = await other.newPage();
  await openMailLink(invited, email, /職員アカウント作成のご案内/);
  await expect(invited.getByRole('heading', { level: 1, name: 'アカウントの登録' })).toBeVisible();
  await expect(invited.getByText(email)).toBeVisible();
  // The token was exchanged for a form session and left the address (decision 0044).
  await expect(invited).toHaveURL(/\/staff\/accounts\/new\?municipality=999999$/);
  await invited.getByRole('textbox', { name: '氏', exact: true }).fill('新井');
  await invited.getByRole('textbox', { name: '名', exact: true }).fill('花子');
  await invited.getByRole('textbox', { name: '氏（カナ）' }).fill('あらい');
  await invited.getByRole('textbox', { name: '名（カナ）' }).fill('ハナコ');
  await newPassword(invited).fill('short');
  await newPasswordAgain(invited).fill('short');
  await invited.getByRole('button', { name: 'アカウントを作成する' }).click();
  // The kana reading is checked first (in order), with the focus on it.
  await expect(invited.getByRole('textbox', { name: '氏（カナ）' })).toBeFocused();
  await expect(invited.getByText('全角カタカナで入力してください。')).toBeVisible();
  await expect(invited.getByText('パスワードの条件を満たしていません。')).toBeVisible();
  await invited.getByRole('textbox', { name: '氏（カナ）' }).fill('アライ');
  await newPassword(invited).fill(NEW_PASSWORD);
  await expect(invited.getByText('12文字以上（128文字まで）（満たしています）')).toBeAttached();
  await newPasswordAgain(invited).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'アカウントを作成する' }).click();
  await expect(invited.getByText('アカウントを作成しました。')).toBeVisible();

  // They sign in, then forget the password and reset it through the mailed link.
  await invited.getByRole('link', { name: 'サインインする' }).click();
  await invited.getByLabel('ログインID（メールアドレス）').fill(email);
  await passwordField(invited).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  await invited.getByRole('button', { name: 'サインアウト' }).click();
  await invited.getByRole('link', { name: 'パスワードを忘れた場合' }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
  await invited.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await invited.getByRole('button', { name: '再設定のリンクを送る' }).click();
  await expect(invited.getByText('再設定のリンクを送りました')).toBeVisible();
  await openMailLink(invited, email, /パスワード再設定のご案内/);
  await expect(invited.getByText('パスワードの条件')).toBeVisible();
  await expect(invited).toHaveURL(/\/staff\/password-reset\?municipality=999999$/);
  await newPassword(invited).fill(RESET_PASSWORD);
  await newPasswordAgain(invited).fill(RESET_PASSWORD);
  await invited.getByRole('button', { name: 'パスワードを再設定する' }).click();
  await expect(invited.getByText('パスワードを再設定しました。')).toBeVisible();
  await invited.getByRole('link', { name: 'サインインする' }).click();
  await invited.getByLabel('ログインID（メールアドレス）').fill(email);
  await passwordField(invited).fill(RESET_PASSWORD);
  await invited.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(invited.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  // A clerk has no administration in the navigation, and the screen says why if opened directly.
  await expect(
    invited.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '職員アカウント' }),
  ).toHaveCount(0);
  await invited.goto('/staff/audit-log');
  await expect(invited.getByText('操作履歴は管理者だけが見られます。')).toBeVisible();
  // Each mailed link opens once: a second opening says so, with the way on.
  await openMailLink(invited, email, /職員アカウント作成のご案内/);
  const usedInvitation = invited.getByTestId('link-used');
  await expect(usedInvitation).toContainText('この招待リンクはすでに使われています');
  await expect(usedInvitation.getByRole('link', { name: 'サインインする' })).toBeVisible();
  await expectNoAxeViolations(invited, 'a used invitation link');
  await openMailLink(invited, email, /パスワード再設定のご案内/);
  const usedReset = invited.getByTestId('link-used');
  await expect(usedReset).toContainText('この再設定リンクはすでに使われています');
  await usedReset.getByRole('link', { name: '再設定のリンクをもう一度送る' }).click();
  await expect(invited.getByRole('button', { name: '再設定のリンクを送る' })).toBeVisible();
  await other.close();

  // The administrator finds the account, edits its name and deletes it.
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '職員アカウント' })
    .click();
  await page.getByRole('combobox', { name: /表示件数/ }).click();
  await page.getByRole('option', { name: 'すべて' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('新井 花子');
  await row.getByRole('button', { name: '新井 花子 を編集' }).click();
  const dialog = page.getByRole('dialog', { name: /アカウントの編集/ });
  await dialog.getByRole('textbox', { name: '名', exact: true }).fill('華子');
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expect(row).toContainText('新井 華子');
  await row.getByRole('checkbox', { name: '新井 華子 を選択' }).check();
  await page.getByRole('button', { name: /選択したアカウントを削除/ }).click();
  await page
    .getByRole('dialog', { name: 'アカウントを削除しますか？' })
    .getByRole('button', { name: '削除する' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The audit log shows the invitation, filtered by action.
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '操作履歴' })
    .click();
  // The acts are offered and shown in words, never as codes or JSON.
  await page.getByRole('combobox', { name: /^操作 / }).click();
  await page.getByRole('option', { name: '職員の招待' }).click();
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/action=invitation.create/);
  const log = page.getByRole('table', { name: '操作履歴' });
  await expect(log.getByRole('row').nth(1)).toContainText('職員の招待');
  await expect(log).not.toContainText('invitation.create');
  await expect(log).not.toContainText('{');
});
