// The applicant's way in: home → entrance (terms) → filter questions → applicable procedures, and a
// scoped-out answer with its message.
import { answer, DEMO, expect, expectTitle, GROUP, QUESTIONS, test } from '../support/fixtures';

test('home → entrance → filter answered to the applicable procedures', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}`);
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市のオンライン申請' })).toBeVisible();
  await expectTitle(page, 'デモ市のオンライン申請 | オンライン申請ポータル');
  await expect(page.getByRole('heading', { level: 3, name: '出生・子育て' })).toBeVisible();
  await expect(page.getByText('受付期間: 2024/04/01〜2099/12/31')).toBeVisible();

  await page.getByRole('link', { name: '出生・子育てを申請する' }).click();
  await expect(page).toHaveURL(`/municipalities/${DEMO}/entrance?procedure_group_id=${GROUP}`);
  await expect(page.getByRole('heading', { level: 1, name: '出生・子育ての申請を始める' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'デモ市オンライン申請 利用規約' })).toBeVisible();
  await expect(page.getByText(/本サービスで行った申請は/)).toBeVisible();
  // The page head follows the navigation.
  await expectTitle(page, '出生・子育ての申請を始める | オンライン申請ポータル');

  // Starting without agreeing to the terms says why and does not leave.
  await page.getByRole('button', { name: '申請を始める' }).click();
  await expect(page.getByText('申請を始めるには、利用規約への同意が必要です。')).toBeVisible();
  await expect(page).toHaveURL(/\/entrance/);
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/municipalities/${DEMO}/conciergeFilter\\?procedure_group_id=${GROUP}$`),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'あなたに必要な手続きを確認します' }),
  ).toBeVisible();
  // Only the first question shows; the next ones appear as the resident answers (rules run in the browser).
  await expect(page.getByRole('radiogroup')).toHaveCount(1);
  await expect(page.getByText('回答済み: 0 問（回答によって、次の質問が表示されます）')).toBeVisible();
  await answer(page, QUESTIONS.born, 'はい');
  await expect(page.getByRole('radiogroup')).toHaveCount(3);
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await expect(page.getByRole('radiogroup')).toHaveCount(4);
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await expect(page.getByText('すべての質問に回答しました（4 問）')).toBeVisible();
  // The answers are kept in the address.
  await expect(page).toHaveURL(/answers=1-3-5-8/);

  const evaluated = page.waitForResponse((r) => r.url().includes('/concierge-filter/concierge-values/'));
  await page.getByRole('button', { name: '回答を確認する' }).click();
  expect((await evaluated).status()).toBe(200);
  const result = page.getByRole('region', { name: 'あなたが申請できる手続き' });
  await expect(result.getByRole('listitem')).toHaveText([
    '出生届',
    '児童手当 認定請求',
    '子ども医療費助成 受給資格の申請',
  ]);
  await expect(result.getByRole('heading', { name: 'あなたが申請できる手続き' })).toBeFocused();
  await expect(result.getByRole('link', { name: 'サインインして申請に進む' })).toBeVisible();

  // Changing an answer clears the confirmed result until the answers are checked again.
  await answer(page, QUESTIONS.civilServant, 'はい');
  await expect(result).toBeHidden();
  await expect(page.getByRole('button', { name: '回答を確認する' })).toBeVisible();
});

test('a scoped-out answer shows its message, live and confirmed by the server', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国外');
  const message = page.getByTestId('scoped-out');
  await expect(message).toContainText('オンラインでは申請できません');
  await expect(message).toContainText(
    '日本国外で生まれたお子さんの出生届は、オンラインでは受け付けていません。',
  );
  // The online route ends: the questions after it are gone.
  await expect(page.getByRole('radiogroup', { name: QUESTIONS.civilServant })).toHaveCount(0);

  const evaluated = page.waitForResponse((r) => r.url().includes('/concierge-filter/concierge-values/'));
  await page.getByRole('button', { name: '回答を確認する' }).click();
  const body = (await (await evaluated).json()) as { is_scopedout: boolean; scopedout_messages: string[] };
  expect(body.is_scopedout).toBe(true);
  await expect(message).toContainText(body.scopedout_messages[0] ?? '');
  await expect(message).toBeFocused();
  await expect(page.getByRole('region', { name: 'あなたが申請できる手続き' })).toHaveCount(0);

  // A first answer of "no" scopes out at once, with its own message.
  await answer(page, QUESTIONS.born, 'いいえ');
  await expect(message).toContainText('出生に関する手続きは、お子さんが生まれた後に申請できます。');
});

test('answers brought back in the address are restored and confirmed', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}&answers=1-3-5-8`);
  await expect(
    page.getByRole('radiogroup', { name: QUESTIONS.civilServant }).getByRole('radio', { name: 'いいえ' }),
  ).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'あなたが申請できる手続き' }).getByRole('listitem'),
  ).toHaveCount(3);
});

test('unanswered questions are named when the resident asks to check the answers', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`);
  await answer(page, QUESTIONS.born, 'はい');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'まだ回答していない質問があります' })).toBeVisible();
  await expect(page.getByText('この質問に答えてください。')).toHaveCount(2);
  await expect(
    page.getByRole('radiogroup', { name: QUESTIONS.where }).getByRole('radio').first(),
  ).toBeFocused();
});

test('English is switchable and remembered', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}`);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Online applications: Demo City' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectTitle(page, 'Online applications: Demo City | Online Application Portal');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Online applications: Demo City' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市のオンライン申請' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});
