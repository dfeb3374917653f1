// A sign-in left unused ends (issue 34, decision 0044), on a server of its own whose idle timeout is 30
// seconds (SESSION_IDLE_MINUTES=0.5): the warning 15 seconds before the end (two minutes with the default
// 30 minutes), 「続ける」 keeps the session, and once it has ended the next action leads through sign-in
// back to the same page with what was typed still there.
import { startSecondServer, type SecondServer } from '../support/second-server';
import { applicationAtForm } from '../support/application-setup';
import {
  completeIdentityProvider,
  DEMO,
  expect,
  expectNoAxeViolations,
  test as base,
} from '../support/fixtures';

const test = base.extend<object, { idleServer: SecondServer }>({
  idleServer: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startSecondServer({ SESSION_IDLE_MINUTES: '0.5' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ idleServer }, use) => use(idleServer.url),
});

test.setTimeout(180_000);

test('warns before an idle sign-in ends, 「続ける」 keeps it, and the input outlives its end', async ({
  page,
}) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page);
  const app = await applicationAtForm(page, {
    procedureCodes: ['child_medical_subsidy'],
    blank: ['insurance_insurer_number', 'insurance_number'],
  });
  await page.goto(`${app.base}/form`);
  const number = page.getByRole('textbox', { name: '番号', exact: true });
  await number.fill('4321');

  // Unused for 15 seconds: the warning, announced as an alert dialog, with the focus on 「続ける」.
  const warning = page.getByRole('alertdialog', { name: 'まもなくサインインが切れます' });
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expect(warning).toContainText(/あと \d+秒 でサインインが切れます/);
  const carryOn = warning.getByRole('button', { name: '続ける' });
  await expect(carryOn).toBeFocused();
  await expectNoAxeViolations(page, 'the idle warning');
  await page.screenshot({ path: test.info().outputPath('idle-warning.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(warning).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('idle-warning-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // 「続ける」 asks the server, which keeps the session: the warning goes, the sign-in lives on.
  const kept = page.waitForResponse((r) => r.url().includes('/api/applicant/login/status/') && r.ok());
  await warning.getByRole('button', { name: '続ける' }).click();
  expect((await kept).headers()['x-session-idle-seconds']).toBe('30');
  await expect(warning).toBeHidden();
  const status = await (await page.request.get('/api/applicant/login/status/')).json();
  expect(status.is_logged_in).toBe(true);

  // Left alone again: the warning, then the end, which offers signing in again.
  await expect(warning).toBeVisible({ timeout: 25_000 });
  const ended = page.getByRole('alertdialog', { name: 'サインインの有効期限が切れました' });
  await expect(ended).toBeVisible({ timeout: 25_000 });
  await expect(ended).toContainText('入力した内容はそのまま残ります');
  await expect(ended.getByRole('button', { name: 'もう一度サインインする' })).toBeFocused();
  await expectNoAxeViolations(page, 'the ended sign-in');
  await page.screenshot({ path: test.info().outputPath('idle-ended.png') });
  // The server refuses the old session too: the end is the server's, not only the screen's.
  const refused = await page.request.get(`/api/municipalities/${DEMO}/applications/${app.id}/form/values/`, {
    headers: app.headers,
  });
  expect(refused.status()).toBe(401);

  await ended.getByRole('button', { name: 'もう一度サインインする' }).click();
  await completeIdentityProvider(page);
  await expect(page).toHaveURL(new RegExp(`${app.base}/form$`));
  await expect(page.getByTestId('draft-restored')).toContainText('保存していなかった入力を元に戻しました');
  await expect(number).toHaveValue('4321');
});

test('the next action after an unattended end leads through sign-in back to the page, input kept', async ({
  page,
}) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page);
  const app = await applicationAtForm(page, {
    procedureCodes: ['child_medical_subsidy'],
    blank: ['insurance_insurer_number', 'insurance_number'],
  });
  await page.goto(`${app.base}/form`);
  await page.getByRole('textbox', { name: '保険者番号', exact: true }).fill('06123456');
  const number = page.getByRole('textbox', { name: '番号', exact: true });
  await number.fill('5678');
  // In English this time: the dialog closed with Esc, the end passes unattended; saving then finds the
  // sign-in ended.
  await page.getByRole('button', { name: 'English' }).click();
  const warning = page.getByRole('alertdialog', { name: 'You will soon be signed out' });
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expect(warning).toContainText(/signed out in \d+ s/);
  await expect(warning.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('idle-warning-en.png') });
  await page.keyboard.press('Escape');
  await expect(warning).toBeHidden();
  const ended = page.getByRole('alertdialog', { name: 'Your sign-in has expired' });
  await expect(ended).toBeVisible({ timeout: 25_000 });
  await expectNoAxeViolations(page, 'the ended sign-in in English');
  await page.screenshot({ path: test.info().outputPath('idle-ended-en.png') });
  await page.keyboard.press('Escape');
  await expect(ended).toBeHidden();
  await page.getByRole('button', { name: '日本語' }).click();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  const sessionEnded = page.getByTestId('session-ended');
  await expect(sessionEnded).toBeVisible();
  await sessionEnded.getByRole('button', { name: 'もう一度サインインする' }).click();
  await completeIdentityProvider(page);
  await expect(page).toHaveURL(new RegExp(`${app.base}/form$`));
  await expect(number).toHaveValue('5678');
  await expect(page.getByRole('textbox', { name: '保険者番号', exact: true })).toHaveValue('06123456');
});
