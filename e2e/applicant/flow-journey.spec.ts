// The whole applicant journey for the birth notification and the child allowance, at desktop and phone
// width: entrance → filter → sign-in → steps explanation → assistant (a scoped-out answer changed, live
// questions, copy buttons, "why am I seeing this", resuming where the resident stopped) → procedures →
// identification by basic four information (a mismatch, then corrected) and by My Number Card → the form
// (a field error corrected) → review → attachments → drawn signature → digital signature through the
// development signing app → the reference numbers.
import type { Page } from '@playwright/test';
import { answer, completeIdentityProvider, DEMO, expect, GROUP, QUESTIONS, test } from '../support/fixtures';
import { finishApplication } from '../support/finish-application';
import { daysAgo, expectPage, fill, M, next, pick } from './flow-support';

test.setTimeout(300_000);

const viewports = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  test.describe(viewport.label, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test('from the entrance to the reference numbers', ({ page }) => journey(page));
  });
}

async function journey(page: Page) {
  // Entrance and filter (built by the foundation), then sign-in and a new application.
  await page.goto(`${M}/entrance?procedure_group_id=${GROUP}`);
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await page.getByRole('link', { name: 'サインインして申請に進む' }).click();
  await completeIdentityProvider(page);
  await page.getByRole('button', { name: '申請を始める' }).click();

  // Steps explanation: the steps, the first one current, what to have ready.
  await expect(page).toHaveURL(new RegExp(`${M}/applications/[0-9a-f-]{36}/stepsExplanation$`));
  const id = /applications\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await expectPage(page, '申請の流れ');
  await expect(page).toHaveTitle('申請の流れ | オンライン申請ポータル');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /オンライン申請の手順/);
  await expect(page.locator('[aria-current="step"]')).toContainText('質問に答える');
  await expect(page.getByTestId('system-bar')).toContainText('デモ市の公式オンライン申請サービス');
  expect((await page.getByTestId('system-bar').boundingBox())?.height).toBe(24);
  await page.getByRole('link', { name: '質問に進む' }).click();

  // Page 1 of the assistant: breadcrumbs, a scoped-out answer and its message, then changed.
  await expectPage(page, '申請者');
  await expect(page.getByRole('navigation', { name: '現在の位置' })).toContainText('申請内容の入力');
  await expect(page).toHaveTitle(/^申請者（1ページ目）- 申請内容についての質問 \| オンライン申請ポータル$/);
  const notifier = '出生届を届け出る方（届出人）は、お子さんから見てどなたですか？';
  await pick(page, notifier, 'その他（同居者・医師・助産師など）');
  const scoped = page.getByTestId('scoped-out');
  await expect(scoped).toContainText('市民課の窓口で届け出てください');
  await expect(scoped).toContainText('このあとの手続き');
  // The name question is reached only by the father/mother answers (live view rules).
  await expect(page.getByLabel('氏', { exact: true })).toBeHidden();
  await next(page);
  await expect(scoped).toBeFocused();
  await pick(page, notifier, '父');
  await expect(scoped).toBeHidden();
  await expect(page.getByLabel('氏', { exact: true })).toBeVisible();
  // Why is this question shown?
  // The name question's own button (not whichever comes first), open once it says so.
  const why = page
    .locator('fieldset')
    .filter({ has: page.getByLabel('氏', { exact: true }) })
    .getByRole('button', { name: 'この質問が表示される理由' });
  await why.click();
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(`「${notifier}」に「父」と回答したため`)).toBeVisible();
  // The name comes from the card, and the procedure requires it as the card has it: read-only, saying
  // why. The reading comes from the card, the phone from the resident registry, each saying so (issue 12).
  await expect(page.getByLabel('氏', { exact: true })).toHaveValue('山田');
  await expect(page.getByLabel('氏', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText(/この手続きでは変更できません/).first()).toBeVisible();
  await expect(page.getByText('マイナンバーカードから入力しました').first()).toBeVisible();
  await expect(page.getByLabel('電話番号', { exact: true })).toHaveValue('09012340001');
  // Saving with an emptied field names it.
  await page.getByLabel('氏（カナ）', { exact: true }).fill('');
  await next(page);
  await expect(page.getByTestId('error-summary')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText('氏（カナ）を入力してください。');
  await fill(page, {
    '氏（カナ）': 'ヤマダ',
    '名（カナ）': 'タロウ',
    生年月日: '1988-04-15',
    郵便番号: '9999901',
    住所: 'デモ県デモ市中央一丁目2番3号',
    電話番号: '09012340001',
  });
  await next(page);

  // Page 2: the birth question appears once the sex is chosen; the address is copied.
  await expectPage(page, 'お子さん');
  await expect(page.getByRole('heading', { level: 1, name: 'お子さん' })).toBeFocused();
  await fill(page, {
    子の氏: '山田',
    子の名: '花音',
    '子の氏（カナ）': 'ヤマダ',
    '子の名（カナ）': 'カノン',
  });
  await expect(page.getByLabel('子の生年月日', { exact: true })).toBeHidden();
  await pick(page, 'お子さんの性別を選んでください。', '女');
  // A legal term is explained where it is asked (the item's remark from the configuration).
  await expect(
    page.getByText('嫡出子は、婚姻している父母の間に生まれた子です。', { exact: false }),
  ).toBeVisible();
  await pick(page, '嫡出子・嫡出でない子の別', '嫡出子');
  await page.getByLabel('父母との続き柄', { exact: true }).selectOption({ label: '長女' });
  await fill(page, { 子の生年月日: daysAgo(10), 生まれた時刻: '10:30' });
  await page.getByLabel('生まれたところの種別', { exact: true }).selectOption({ label: '病院' });
  await fill(page, { 生まれたところ: 'デモ県デモ市中央二丁目1番 デモ病院' });
  // The child's address comes from the registry, the notifier's: nothing for "same address" to change.
  await expect(page.getByLabel('子の住所の郵便番号', { exact: true })).toHaveValue('9999901');
  await expect(page.getByRole('button', { name: '届出人と同じ住所を入力する' })).toHaveCount(0);
  await fill(page, { 世帯主の氏名: '山田 太郎', 世帯主との続き柄: '本人' });
  await next(page);

  // Page 3 is shown because the child is under one (a formula rule over the birth date just saved).
  await expectPage(page, '出生証明書');
  await page.getByRole('button', { name: 'このページが表示される理由' }).click();
  await expect(page.getByText('「子の生年月日」から数えた年齢が1歳未満のため')).toBeVisible();

  // The resident stops here: reopening the application continues on this page.
  await page.goto(`${M}/applications/${id}/stepsExplanation`);
  await expect(page.locator('[aria-current="step"]')).toContainText('質問に答える');
  await page.getByRole('link', { name: '続きから再開する' }).click();
  await expectPage(page, '出生証明書');
  // So does opening the step the application is at (procedures): the questions are still open.
  await page.goto(`${M}/applications/${id}/procedures`);
  await expectPage(page, '出生証明書');

  await pick(page, '単胎ですか、多胎（双子など）ですか？', '単胎');
  await fill(page, { 体重: '3000', 身長: '49.5', 妊娠週数: '39' });
  await pick(page, '証明者の種別', '医師');
  await fill(page, { 証明者の氏名: '佐藤 一郎' });
  await next(page);

  // Page 4: the father (the notifier) comes from the card, so no "same as the notifier" is offered, nor on
  // the mother's block (the notifier is not the mother).
  await expectPage(page, '父母・本籍');
  await expect(page.getByLabel('父の氏', { exact: true })).toHaveValue('山田');
  await expect(page.getByRole('button', { name: /^届出人と同じ内容を入力する/ })).toHaveCount(0);
  await fill(page, {
    母の氏: '山田',
    母の名: '花子',
    母の生年月日: '1991-09-03',
    本籍: 'デモ県デモ市中央一丁目2番地',
    筆頭者の氏名: '山田 太郎',
  });
  await next(page);

  // Page 5: choosing the employee pension shows the employer (a value the server derives from it).
  await expectPage(page, '児童手当');
  await pick(page, 'あなたが加入している年金を選んでください。', '厚生年金');
  await expect(page.getByLabel('勤務先の名称', { exact: true })).toBeVisible();
  await fill(page, { 職業: '会社員', 勤務先の名称: 'デモ株式会社' });
  await pick(page, '配偶者はいますか？', 'はい');
  await fill(page, { 配偶者の氏: '山田', 配偶者の名: '花子' });
  await page.getByLabel('請求者との続き柄', { exact: true }).selectOption({ label: '子' });
  await pick(page, '同居・別居の別', '同居');
  await expect(page.getByText('監護とは、お子さんと一緒に暮らすなどして', { exact: false })).toBeVisible();
  await pick(page, '監護の有無', '監護している');
  await next(page);

  await expectPage(page, '振込先口座');
  await fill(page, {
    金融機関コード: '0001',
    金融機関名: 'デモ銀行',
    支店コード: '001',
    支店名: '本店',
    口座番号: '1234567',
    口座名義人: '山田 太郎',
    '口座名義人（カナ）': 'ヤマダ タロウ',
  });
  await pick(page, '預金種目', '普通');
  await next(page);

  await expectPage(page, '子ども医療費助成');
  await pick(page, 'お子さんの健康保険の加入手続きは済んでいますか？', 'はい');
  await page
    .getByLabel('加入している健康保険', { exact: true })
    .selectOption({ label: '健康保険（協会けんぽ・健康保険組合）' });
  await fill(page, {
    保険者番号: '06123456',
    番号: '12',
    被保険者の氏名: '山田 太郎',
  });
  await page.getByRole('button', { name: '回答を保存して手続きの選択へ' }).click();

  // Procedures: all three allowed, the check messages shown (they are confirmed before sending), saved.
  await expect(page).toHaveURL(`${M}/applications/${id}/procedures`);
  await expectPage(page, '申請する手続きの選択');
  const procedures = page.getByRole('group', { name: '申請する手続き' });
  await expect(procedures.getByRole('checkbox', { name: '出生届', exact: true })).toBeChecked();
  await expect(procedures.getByText(/窓口用の控え: \d部/).first()).toBeVisible();
  await procedures.getByRole('checkbox', { name: '子ども医療費助成 受給資格の申請', exact: true }).uncheck();
  await expect(page.getByText('送信の前に確認していただくこと').first()).toBeVisible();
  await page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }).click();

  // Identification by basic four information: a mismatch named, attempts counted, then corrected.
  await expect(page).toHaveURL(`${M}/applications/${id}/identification`);
  await expectPage(page, '本人確認');
  await page.getByRole('radio', { name: /基本4情報/ }).check();
  await fill(page, {
    氏: '山田',
    名: '太郎',
    生年月日: '1988-04-16',
    郵便番号: '9999901',
  });
  await page.getByRole('radio', { name: '男性' }).check();
  // The demo postal code is not a real one: the lookup says so, and the address is typed.
  await page.getByRole('button', { name: '郵便番号から住所を入力' }).click();
  await expect(page.getByRole('status').filter({ hasText: /住所/ })).toBeVisible();
  await fill(page, { 住所: 'デモ県デモ市中央一丁目2番3号' });
  await page.getByRole('button', { name: '照合する' }).click();
  const mismatch = page.getByTestId('mismatch');
  await expect(mismatch).toBeFocused();
  await expect(mismatch).toContainText('生年月日: 年・月・日を確認してください。');
  await expect(mismatch).toContainText('あと 4 回入力できます。');
  await expect(page.getByLabel('生年月日', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // Nothing typed is lost.
  await expect(page.getByLabel('住所', { exact: true })).toHaveValue('デモ県デモ市中央一丁目2番3号');
  await fill(page, { 生年月日: '1988-04-15' });
  await page.getByRole('button', { name: '照合する' }).click();
  await expect(page).toHaveURL(`${M}/applications/${id}/form`);

  // Back on identification: done by basic four; identify by card too, with the card read at sign-in:
  // no second reading, no trip to the identity provider (decision 0041).
  await page.goto(`${M}/applications/${id}/identification`);
  await expect(page.getByTestId('identified')).toContainText('本人確認は済んでいます（基本4情報');
  await page.getByRole('radio', { name: /^マイナンバーカード/ }).check();
  await expect(page.getByText('カードをもう一度読み取る必要はありません。')).toBeVisible();
  await page.getByRole('button', { name: 'サインインしたカードで本人確認する' }).click();
  await expect(page).toHaveURL(`${M}/applications/${id}/form`);
  await page.goto(`${M}/applications/${id}/identification`);
  await expect(page.getByTestId('identified')).toContainText('本人確認は済んでいます（マイナンバーカード）');
  expect(DEMO).toBe('999999');

  // The second half, to the reference numbers of both procedures.
  await page.goto(`${M}/applications/${id}/form`);
  await finishApplication(page, `${M}/applications/${id}`, 2);
}
