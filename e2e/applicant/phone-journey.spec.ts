// Issue 33's counting journey: a new resident on a 390 px phone, from デモ市's home page to the reference
// numbers of all three procedures of 出生・子育て, answering only what is asked empty. It counts card
// readings (2: the sign-in and the signature; the identification takes the sign-in's reading, decision
// 0041), screens, taps and typed fields (definitions in support/journey-counts.ts), prints them and holds
// the card readings at 2 and the screens under the 25 the issue counted.
import {
  completeIdentityProvider,
  expect,
  QUESTIONS,
  RESIDENT,
  test,
  tickEvery,
  answer,
} from '../support/fixtures';
import { drawSignature } from '../support/finish-application';
import { pngBytes } from '../support/application-setup';
import { countJourney, journeyLine, screensOf } from '../support/journey-counts';
import { toNextAssistantPage, writeWhatIsEmpty, type Write } from './assistant-walk';
import { daysAgo, M } from './flow-support';

test.setTimeout(300_000);
test.use({ viewport: { width: 390, height: 844 } });

/** What 山田 太郎 writes where a page asks it empty (the card, the registry and his account fill the rest). */
const WRITES: Write[] = [
  { kind: 'radio', label: '出生届を届け出る方（届出人）は、お子さんから見てどなたですか？', value: '父' },
  { kind: 'text', label: '子の名', value: '花音' },
  { kind: 'text', label: '子の名（カナ）', value: 'カノン' },
  { kind: 'radio', label: 'お子さんの性別を選んでください。', value: '女' },
  { kind: 'radio', label: '嫡出子・嫡出でない子の別', value: '嫡出子' },
  { kind: 'select', label: '父母との続き柄', value: '長女' },
  { kind: 'text', label: '子の生年月日', value: daysAgo(10) },
  { kind: 'text', label: '生まれた時刻', value: '10:30' },
  { kind: 'select', label: '生まれたところの種別', value: '病院' },
  { kind: 'text', label: '生まれたところ', value: 'デモ県デモ市中央二丁目1番 デモ病院' },
  { kind: 'radio', label: '単胎ですか、多胎（双子など）ですか？', value: '単胎' },
  { kind: 'text', label: '体重', value: '3000' },
  { kind: 'text', label: '身長', value: '49.5' },
  { kind: 'text', label: '妊娠週数', value: '39' },
  { kind: 'radio', label: '証明者の種別', value: '医師' },
  { kind: 'text', label: '証明者の氏名', value: '佐藤 一郎' },
  { kind: 'radio', label: 'あなたが加入している年金を選んでください。', value: '厚生年金' },
  { kind: 'text', label: '職業', value: '会社員' },
  { kind: 'text', label: '勤務先の名称', value: 'デモ株式会社' },
  { kind: 'radio', label: '配偶者はいますか？', value: 'はい' },
  { kind: 'text', label: '配偶者の氏', value: '山田' },
  { kind: 'text', label: '配偶者の名', value: '花子' },
  { kind: 'select', label: '請求者との続き柄', value: '子' },
  { kind: 'radio', label: '同居・別居の別', value: '同居' },
  { kind: 'radio', label: '監護の有無', value: '監護している' },
  { kind: 'radio', label: 'お子さんの健康保険の加入手続きは済んでいますか？', value: 'はい' },
  { kind: 'select', label: '加入している健康保険', value: '健康保険（協会けんぽ・健康保険組合）' },
  { kind: 'text', label: '保険者番号', value: '06123456' },
  { kind: 'text', label: '番号', value: '12' },
  { kind: 'text', label: '被保険者の氏名', value: '山田 太郎' },
];

test('from the municipality home to the reference numbers: 2 card readings, fewer than 25 screens', async ({
  page,
}) => {
  const counts = await countJourney(page);

  // Home → entrance: the way ahead is there before the first question.
  await page.goto(M);
  await page.getByRole('link', { name: '出生・子育てを申請する' }).click();
  await expect(page.getByTestId('way-steps')).toContainText('申請できるか確かめる');
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();

  // Filter, then the sign-in with the card (reading 1).
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await page.getByRole('link', { name: 'サインインして申請に進む' }).click();
  await completeIdentityProvider(page);
  await page.getByRole('button', { name: '申請を始める' }).click();
  await expect(page).toHaveURL(/\/stepsExplanation$/);
  const id = /applications\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  const base = `${M}/applications/${id}`;
  await page.getByRole('link', { name: '質問に進む' }).click();

  // The questions: only what is asked empty.
  await expect(page.getByRole('heading', { level: 1, name: '申請者' })).toBeVisible();
  for (let guard = 0; guard < 12 && !page.url().endsWith('/procedures'); guard++) {
    await writeWhatIsEmpty(page, WRITES);
    await toNextAssistantPage(page);
  }

  // All three procedures, then the identification the sign-in's card already gives (no reading).
  await expect(page.getByRole('heading', { level: 1, name: '申請する手続きの選択' })).toBeVisible();
  const procedures = page.getByRole('group', { name: '申請する手続き' });
  await expect(procedures.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }).click();
  await expect(page).toHaveURL(`${base}/identification`);
  const bySignIn = page.getByRole('button', { name: 'サインインしたカードで本人確認する' });
  if (!(await bySignIn.isVisible())) await page.getByRole('radio', { name: /^マイナンバーカード/ }).check();
  await bySignIn.click();

  // The form asks only what the questions did not, then the review.
  await expect(page).toHaveURL(new RegExp(`${base}/(form|formValues)`));
  const review = page.getByRole('heading', { level: 1, name: '入力内容の確認' });
  for (let guard = 0; guard < 15 && !(await review.isVisible()); guard++) {
    const toReview = page.getByRole('button', { name: /^(入力内容を確認する|確認画面へ進む)$/ });
    const nextPage = page.getByRole('button', { name: '次へ', exact: true });
    await expect(toReview.or(nextPage).or(review).first()).toBeVisible();
    if (await review.isVisible()) break;
    await writeWhatIsEmpty(page, WRITES, 'form');
    const heading = await page.getByRole('heading', { level: 2 }).first().textContent();
    await ((await toReview.isVisible()) ? toReview : nextPage).click();
    await expect(async () => {
      const now = await page
        .getByRole('heading', { level: 2 })
        .first()
        .textContent()
        .catch(() => null);
      expect((await review.isVisible()) || now !== heading).toBe(true);
    }).toPass();
  }
  await expect(review).toBeVisible();

  // Attachments: one image per slot.
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const inputs = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  await expect(inputs.first()).toBeAttached();
  const slots = await inputs.count();
  for (let i = 0; i < slots; i++) {
    const input = inputs.nth(i);
    const slot = (await input.getAttribute('data-testid'))!.replace(/-file$/, '');
    // A resident taps 「ファイルを選ぶ」 and picks a photo: one tap each, the file dialog is the phone's.
    await input.setInputFiles({ name: `scan-${i + 1}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId(slot).getByTestId('attachment-file-name')).toHaveText(`scan-${i + 1}.png`);
  }
  counts.taps += slots;
  counts.views.at(-1)!.acted = true;
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await page.getByRole('button', { name: '確定して次へ' }).click();

  // The drawn signature of the child allowance, the confirmations, and the signature (reading 2).
  await expect(page.getByTestId('signature-pad')).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: '署名を登録して次へ' }).click();
  await expect(page).toHaveURL(`${base}/signatureDigitalCertificateConfirm`);
  await tickEvery(page, (box) => box.check());
  await page.getByRole('button', { name: '電子署名に進む' }).click();
  await expect(page).toHaveURL(`${base}/miidLaunchGuide`);
  await page.getByRole('button', { name: '署名アプリで署名して申請を送信する' }).click();
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption(RESIDENT.subject);
  await page.getByLabel(/暗証番号/).fill(RESIDENT.pin);
  await page.getByRole('button', { name: '署名する' }).click();

  await expect(page).toHaveURL(`${base}/complete`, { timeout: 30_000 });
  await expect(page.getByTestId('reference-number')).toHaveCount(3);

  console.log(journeyLine('phone journey (390×844), 出生・子育て, three procedures', counts));
  expect(counts.cardReadings, 'card readings: the sign-in and the signature').toBe(2);
  expect(screensOf(counts).length, 'screens').toBeLessThan(25);
  // No sideways scrolling on the last screen either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
