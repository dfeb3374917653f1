// Resident sign-in through the development identity provider (OpenID Connect, card PIN).
import { completeIdentityProvider, DEMO, expect, GROUP, QUESTIONS, answer, test } from '../support/fixtures';

test('the applications list asks for sign-in and lands on the list afterwards', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  // The auth-check step sent the browser to sign-in, with the way back.
  await expect(page).toHaveURL(/\/dev\/idp\//);
  await completeIdentityProvider(page);
  await expect(page).toHaveURL(`/municipalities/${DEMO}/applications`);
  await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
  await expect(page.getByText('マイナンバーカードでサインインしています。')).toBeVisible();

  // Signed in, the page opens at once; signing out returns to the home.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page).toHaveURL(`/municipalities/${DEMO}`);
  await expect(page.getByRole('alert').filter({ hasText: 'サインアウトしました。' })).toBeVisible();
});

test('a signed-out resident finds their applications from the home page (issue 33)', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}`);
  const status = page.getByRole('region', { name: '申請の状況' });
  await expect(status).toContainText('サインインすると確認できます');
  await status.getByRole('link', { name: '申請の状況を見る' }).click();
  await expect(page).toHaveURL(/\/dev\/idp\//);
  await completeIdentityProvider(page);
  await expect(page).toHaveURL(`/municipalities/${DEMO}/applications`);
  await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
  // Signed in, the home page offers the notices instead of the sign-in section.
  await page.goto(`/municipalities/${DEMO}`);
  await expect(page.getByRole('link', { name: /通知/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: '申請の状況' })).toHaveCount(0);
});

test('from the filter result: sign in, start the application, find it in the list', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await page.getByRole('link', { name: 'サインインして申請に進む' }).click();

  await completeIdentityProvider(page, { subject: 'demo-resident-0002', pin: '2345', name: '山田 花子' });
  // Back on the filter with the answers, confirmed again; now the application can start.
  await expect(page).toHaveURL(/\/conciergeFilter\?.*answers=1-3-5-8/);
  const start = page.getByRole('button', { name: '申請を始める' });
  await expect(start).toBeVisible();
  await start.click();
  await expect(page).toHaveURL(
    new RegExp(`/municipalities/${DEMO}/applications/[0-9a-f-]{36}/stepsExplanation$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: '申請の流れ' })).toBeVisible();
  const applicationId = /applications\/([0-9a-f-]{36})\//.exec(page.url())?.[1];

  await page.goto(`/municipalities/${DEMO}/applications`);
  const card = page.getByRole('listitem').filter({ hasText: '出生・子育て' }).first();
  await expect(card.getByText('入力中')).toBeVisible();
  const resume = card.getByRole('link', { name: '続きから再開する' });
  await expect(resume).toHaveAttribute('href', new RegExp(`/applications/${applicationId}/`));

  // The home mentions the resident's applications (the get-applications step ran before it).
  await page.goto(`/municipalities/${DEMO}`);
  await expect(page.getByRole('link', { name: '申請の状況を見る' })).toBeVisible();
});

test('a cancelled sign-in comes back without a session', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await page.waitForURL(/\/dev\/idp\//);
  await page.getByRole('button', { name: '中止してポータルに戻る' }).click();
  await expect(page).toHaveURL(/\/signin-failed\?reason=cancelled&return_to=/);
  // No automatic round trip to the provider: the resident sees why, and may try again.
  await expect(page.getByRole('heading', { level: 1, name: 'サインインできませんでした' })).toBeVisible();
  await page.getByRole('button', { name: 'もう一度サインインする' }).click();
  await completeIdentityProvider(page);
  await expect(page).toHaveURL(`/municipalities/${DEMO}/applications`);
  await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
});
