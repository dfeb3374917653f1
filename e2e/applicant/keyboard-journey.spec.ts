// The whole applicant journey with the keyboard alone, from the entrance to the reference numbers: every
// control is reached with Tab (never clicked), pressed with Enter or Space, chosen with the arrows, and
// typed into. Two things belong to the browser or the operating system rather than the page: the file
// dialog (answered once the keyboard has opened it) and the segments of the browser's date and time
// controls (filled as a whole once Tab has reached them).
import type { FileChooser, Locator, Page } from '@playwright/test';
import { daysAgo, pngBytes } from '../support/application-setup';
import { DEMO, expect, GROUP, QUESTIONS, RESIDENT, tabTo, test, tickEvery } from '../support/fixtures';

const M = `/municipalities/${DEMO}`;

/** Tab to a control and press a key on it. */
async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target, 200);
  await page.keyboard.press(key);
}

/** Tab to a text field and type into it (date and time controls are filled once reached). */
async function type(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await tabTo(page, field, 200);
  const kind = await field.getAttribute('type');
  if (kind === 'date' || kind === 'time') await field.fill(value);
  else {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(value);
  }
  await expect(field).toHaveValue(value);
}

/**
 * Chooses a radio as a keyboard user does: Tab into its group (only the chosen radio of a group, or the
 * first when none is, takes the focus), then the arrows to it and Space.
 */
async function pickRadio(page: Page, radio: Locator) {
  const name = await radio.getAttribute('name');
  const inGroup = () =>
    page.evaluate((n) => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.type === 'radio' && active.name === n;
    }, name);
  for (let i = 0; i < 200 && !(await inGroup()); i++) await page.keyboard.press('Tab');
  expect(await inGroup(), 'the group is reachable with Tab').toBe(true);
  for (let i = 0; i < 10 && !(await radio.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** Chooses an option of a named radio group. */
const choose = (page: Page, group: string | RegExp, option: string) =>
  pickRadio(
    page,
    page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true }),
  );

/** Tab to a native select and move through it with the arrow keys to an option. */
async function select(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  await tabTo(page, field, 200);
  const chosen = () => field.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.label ?? '');
  for (let i = 0; i < 40 && (await chosen()) !== option; i++) await page.keyboard.press('ArrowDown');
  expect(await chosen()).toBe(option);
}

/** The card screens of the development identity provider and signing app: resident by arrows, PIN typed. */
async function keyboardCard(page: Page) {
  const resident = page.getByLabel('テスト住民（読み取るマイナンバーカード）');
  await tabTo(page, resident);
  for (let i = 0; i < 10 && (await resident.inputValue()) !== RESIDENT.subject; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(resident).toHaveValue(RESIDENT.subject);
  await tabTo(page, page.getByLabel(/暗証番号/));
  await page.keyboard.type(RESIDENT.pin);
  await page.keyboard.press('Enter');
}

const saveAndNext = (page: Page) => press(page, page.getByRole('button', { name: '回答を保存して次へ' }));
const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

test('from the entrance to the reference numbers with the keyboard alone', async ({ page }) => {
  test.setTimeout(300_000);

  // Entrance and filter.
  await page.goto(`${M}/entrance?procedure_group_id=${GROUP}`);
  await press(page, page.getByRole('checkbox', { name: '利用規約に同意します' }), 'Space');
  await press(page, page.getByRole('button', { name: '申請を始める' }));
  await choose(page, QUESTIONS.born, 'はい');
  await choose(page, QUESTIONS.where, '日本国内');
  await choose(page, QUESTIONS.resident, 'はい');
  await choose(page, QUESTIONS.civilServant, 'いいえ');
  await press(page, page.getByRole('button', { name: '回答を確認する' }));
  await press(page, page.getByRole('link', { name: 'サインインして申請に進む' }));

  // The development identity provider's card screen, by keyboard too.
  await page.waitForURL(/\/dev\/idp\//);
  await keyboardCard(page);

  // Back on the filter: a new application, its steps, then the assistant.
  await press(page, page.getByRole('button', { name: '申請を始める' }));
  await expect(page).toHaveURL(new RegExp(`${M}/applications/[0-9a-f-]{36}/stepsExplanation$`));
  const base = page
    .url()
    .replace(/\/stepsExplanation$/, '')
    .replace(/^https?:\/\/[^/]+/, '');
  await press(page, page.getByRole('link', { name: '質問に進む' }));

  await heading(page, '申請者');
  await choose(page, /届出人/, '父');
  for (const [label, value] of [
    ['氏', '山田'],
    ['名', '太郎'],
    ['氏（カナ）', 'ヤマダ'],
    ['名（カナ）', 'タロウ'],
    ['生年月日', '1988-04-15'],
    ['郵便番号', '9999901'],
    ['住所', 'デモ県デモ市中央一丁目2番3号'],
    ['電話番号', '09012340001'],
  ] as const)
    await type(page, label, value);
  await saveAndNext(page);

  await heading(page, 'お子さん');
  for (const [label, value] of [
    ['子の氏', '山田'],
    ['子の名', '花音'],
    ['子の氏（カナ）', 'ヤマダ'],
    ['子の名（カナ）', 'カノン'],
  ] as const)
    await type(page, label, value);
  await choose(page, 'お子さんの性別を選んでください。', '女');
  await choose(page, '嫡出子・嫡出でない子の別', '嫡出子');
  await select(page, '父母との続き柄', '長女');
  await type(page, '子の生年月日', daysAgo(10));
  await type(page, '生まれた時刻', '10:30');
  await select(page, '生まれたところの種別', '病院');
  await type(page, '生まれたところ', 'デモ県デモ市中央二丁目1番 デモ病院');
  // The child's address comes from the registry, the notifier's: nothing for "same address" to change.
  await expect(page.getByRole('button', { name: '届出人と同じ住所を入力する' })).toHaveCount(0);
  await type(page, '世帯主の氏名', '山田 太郎');
  await type(page, '世帯主との続き柄', '本人');
  await saveAndNext(page);

  await heading(page, '出生証明書');
  await choose(page, '単胎ですか、多胎（双子など）ですか？', '単胎');
  await type(page, '体重', '3000');
  await type(page, '身長', '49.5');
  await type(page, '妊娠週数', '39');
  await choose(page, '証明者の種別', '医師');
  await type(page, '証明者の氏名', '佐藤 一郎');
  await saveAndNext(page);

  await heading(page, '父母・本籍');
  // The father (the notifier) comes from the card: no "same as the notifier" to press.
  await expect(page.getByRole('button', { name: /^届出人と同じ内容を入力する/ })).toHaveCount(0);
  for (const [label, value] of [
    ['母の氏', '山田'],
    ['母の名', '花子'],
    ['母の生年月日', '1991-09-03'],
    ['本籍', 'デモ県デモ市中央一丁目2番地'],
    ['筆頭者の氏名', '山田 太郎'],
  ] as const)
    await type(page, label, value);
  await saveAndNext(page);

  await heading(page, '児童手当');
  await choose(page, 'あなたが加入している年金を選んでください。', '厚生年金');
  await type(page, '職業', '会社員');
  await type(page, '勤務先の名称', 'デモ株式会社');
  await choose(page, '配偶者はいますか？', 'はい');
  await type(page, '配偶者の氏', '山田');
  await type(page, '配偶者の名', '花子');
  await select(page, '請求者との続き柄', '子');
  await choose(page, '同居・別居の別', '同居');
  await choose(page, '監護の有無', '監護している');
  await saveAndNext(page);

  await heading(page, '振込先口座');
  for (const [label, value] of [
    ['金融機関コード', '0001'],
    ['金融機関名', 'デモ銀行'],
    ['支店コード', '001'],
    ['支店名', '本店'],
    ['口座番号', '1234567'],
    ['口座名義人', '山田 太郎'],
    ['口座名義人（カナ）', 'ヤマダ タロウ'],
  ] as const)
    await type(page, label, value);
  await choose(page, '預金種目', '普通');
  await saveAndNext(page);

  await heading(page, '子ども医療費助成');
  await choose(page, 'お子さんの健康保険の加入手続きは済んでいますか？', 'はい');
  await select(page, '加入している健康保険', '健康保険（協会けんぽ・健康保険組合）');
  await type(page, '保険者番号', '06123456');
  await type(page, '番号', '12');
  await type(page, '被保険者の氏名', '山田 太郎');
  await press(page, page.getByRole('button', { name: '回答を保存して手続きの選択へ' }));

  // Procedures: the medical subsidy left out with Space (check messages are confirmed before sending).
  await heading(page, '申請する手続きの選択');
  const procedures = page.getByRole('group', { name: '申請する手続き' });
  await press(
    page,
    procedures.getByRole('checkbox', { name: '子ども医療費助成 受給資格の申請', exact: true }),
    'Space',
  );
  await press(page, page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }));

  // Identification by the basic four information.
  await heading(page, '本人確認');
  await pickRadio(page, page.getByRole('radio', { name: /基本4情報/ }));
  await type(page, '氏', '山田');
  await type(page, '名', '太郎');
  await type(page, '生年月日', '1988-04-15');
  await pickRadio(page, page.getByRole('radio', { name: '男性' }));
  await type(page, '郵便番号', '9999901');
  await type(page, '住所', 'デモ県デモ市中央一丁目2番3号');
  await press(page, page.getByRole('button', { name: '照合する' }));
  await expect(page).toHaveURL(`${base}/form`);
  const app = { base };

  // The form: each page's button reached with Tab and pressed with Enter, until the review.
  await page.goto(`${app.base}/form`);
  await expect(page.getByRole('heading', { level: 1, name: '申請内容の入力' })).toBeVisible();
  for (let pages = 0; pages < 20 && !page.url().includes('/formValues'); pages++) {
    const heading = page.getByRole('heading', { level: 2 }).first();
    const before = await heading.textContent();
    const review = page.getByRole('button', { name: '入力内容を確認する' });
    const button = (await review.isVisible())
      ? review
      : page.getByRole('button', { name: '次へ', exact: true });
    await tabTo(page, button, 200);
    await page.keyboard.press('Enter');
    await expect(async () => {
      expect(page.url().includes('/formValues') || (await heading.textContent()) !== before).toBe(true);
    }).toPass();
  }

  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: '添付書類の登録へ進む' }), 200);
  await page.keyboard.press('Enter');

  // Attachments: each slot's button opens the file dialog from the keyboard.
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const choosers = page.getByRole('button', { name: /^ファイルを選ぶ（/ });
  await expect(choosers.first()).toBeVisible();
  // A slot with a file offers 差し替える instead: take the first slot still without one each time.
  for (let i = 1; (await choosers.count()) > 0; i++) {
    expect(i, 'every slot gets its file').toBeLessThan(10);
    await tabTo(page, choosers.first());
    // Chromium 156 now and then drops a file dialog opened by a synthetic key press (Enter about every
    // other time, Space rarely): the key is pressed again, at most three times, before the test fails.
    let chooser: FileChooser | null = null;
    for (let attempt = 0; attempt < 3 && !chooser; attempt++) {
      const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
      await page.keyboard.press('Space');
      chooser = await opened;
    }
    expect(chooser, 'the file dialog opens from the keyboard').not.toBeNull();
    await chooser!.setFiles({ name: `scan-${i}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId('attachment-file-name').filter({ hasText: `scan-${i}.png` })).toBeVisible();
  }
  await tabTo(page, page.getByRole('link', { name: '登録した書類を確認する' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の確認' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: '確定して次へ' }));
  await page.keyboard.press('Enter');

  // Handwritten signature without drawing: the typed name, declared as the resident's own.
  await expect(page).toHaveURL(`${app.base}/imageSignature`);
  // The ways to sign are tabs: Tab reaches the selected one, the arrow moves on, Enter chooses.
  await tabTo(page, page.getByRole('tab', { name: '画面に書く' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '氏名を入力する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: '氏名を入力する' })).toHaveAttribute('aria-selected', 'true');
  const typed = page.getByRole('textbox', { name: '署名する氏名' });
  await tabTo(page, typed);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('山田 太郎');
  await tabTo(page, page.getByRole('checkbox', { name: /私本人の署名として用いることに同意します/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: '署名を登録して次へ' }));
  await page.keyboard.press('Enter');

  // Digital signature: the check messages confirmed with Space, then the signing app by keyboard too.
  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`);
  await tickEvery(page, async (box) => {
    await tabTo(page, box);
    await page.keyboard.press('Space');
  });
  await tabTo(page, page.getByRole('button', { name: '電子署名に進む' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${app.base}/miidLaunchGuide`);
  await tabTo(page, page.getByRole('button', { name: '署名アプリで署名して申請を送信する' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  await keyboardCard(page);

  await expect(page).toHaveURL(`${app.base}/complete`, { timeout: 30_000 });
  await expect(page.getByTestId('reference-number')).toHaveCount(2);
});
