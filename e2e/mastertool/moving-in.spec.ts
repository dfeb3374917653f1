// Issue 19, "done when": an operator builds a 転入届 (moving-in notification) group for デモ市 from nothing
// with the editors alone (never an expert JSON view): a filter question with a scoped-out answer, an
// assistant page of new items (new address, move-in date, previous address, household members as a
// repeatable group), one procedure with a check message, one original-document (OR) attachment, a 3-step
// workflow and a report, the card prefill a new group has; previews it and reflects it to staging and
// production. A resident completes it with the card data prefilled and staff see the document. The
// operator's clicks and screens are counted and printed; axe finds nothing on each master-tool screen.
import type { Browser, Locator, Page } from '@playwright/test';
import { pngBytes } from '../support/application-setup';
import {
  answer,
  completeIdentityProvider,
  DEMO,
  expect,
  expectNoAxeViolations,
  passwordField,
  test,
} from '../support/fixtures';
import { residentBrowser } from '../support/resident';
import { signInStaff, STAFF } from '../staff/staff-support';
import { countOperator, countsLine, OPERATOR, reflectTo, withCode } from './support';

// A step that cannot happen fails within seconds, naming the step, instead of at the test's time-out.
test.use({ actionTimeout: 15_000 });

const CHECK = '転入した日から14日以内に届け出ることを確認しました。';
const ATTACH = '転出証明書';
const FILTER_QUESTION = 'デモ市に住み始めましたか？（これから住み始める場合も含みます）';
const SCOPED_OUT =
  'デモ市に住んでいない方は、オンラインでは届け出られません。お住まいの市区町村にお尋ねください。';
const ASSISTANT_STEP = '新しい住所、転入した日、前の住所と、いっしょに住む世帯員について答えます。';
const NEW_ADDRESS = 'デモ県デモ市中央三丁目4番5号';
const ASSISTANT_QUESTION = '新しい住所と、いっしょに引っ越してきた世帯員を入力してください。';
/** The applicant's items a new group has, filled from the card. */
const IDENTITY_ITEMS = [
  'applicant_last_name',
  'applicant_first_name',
  'applicant_last_name_kana',
  'applicant_first_name_kana',
  'applicant_birth_date',
  'applicant_sex',
  'applicant_postal_code',
  'applicant_address',
];
/** The new items, by their code's start (each run adds its stamp). */
const NEW_ITEMS = ['new_address', 'moving_in_date', 'previous_address', 'member_name', 'member_birth_date'];

/** Picks an option of an MUI select (a combobox that opens a listbox). */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test('an operator builds 転入届 without JSON, reflects it, a resident sends it and staff see it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const stamp = Date.now() % 100_000;
  const name = `転入届 ${stamp}`;
  const procedureCode = `moving_in_${stamp}`;
  const attachCode = `moving_out_certificate_${stamp}`;
  const operator = await countOperator(page);

  // Signing in: the screen is checked before the operator uses it.
  await page.goto('/mastertool/');
  await expect(page.getByRole('button', { name: 'サインイン', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in');
  await page.getByRole('textbox', { name: 'ログインID', exact: true }).fill(OPERATOR.login);
  await passwordField(page).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '自治体一覧' })).toBeVisible();
  await expectNoAxeViolations(page, 'municipalities');
  await page.getByRole('link', { name: 'デモ市' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await expectNoAxeViolations(page, 'reflection managers');
  await page.getByRole('button', { name: '新しい手続きグループ' }).click();
  const dialog = page.getByRole('dialog', { name: '新しい手続きグループを作成' });
  await dialog.getByRole('textbox', { name: '手続きグループの名前' }).fill(name);
  await expectNoAxeViolations(page, 'new group dialog');
  await dialog.getByRole('button', { name: '作成して編集する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  const groupId = /procedure-groups\/(\d+)\/edit$/.exec(page.url())![1]!;
  await expectNoAxeViolations(page, 'editor, basics tab');

  // Standard items: the applicant's identity items are there already; five new ones are made in forms.
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  for (const code of IDENTITY_ITEMS) {
    await expect(page.getByRole('button', { name: withCode(code) })).toBeVisible();
  }
  const newItem = async (label: string, code: string, type: string, required = true) => {
    await page.getByRole('button', { name: '新しい項目を作る' }).click();
    const field = page.getByRole('textbox', { name: '項目名', exact: true }).last();
    await expect(field).toBeFocused();
    await field.fill(label);
    await page.getByRole('textbox', { name: 'コード', exact: true }).last().fill(code);
    if (type !== '文字（1行）')
      await choose(page, page.getByRole('combobox', { name: '入力の種類' }).last(), type);
    if (required) await page.getByRole('checkbox', { name: '必須' }).last().check();
  };
  await newItem('転入先の住所', `new_address_${stamp}`, '文字（1行）');
  await newItem('転入日', `moving_in_date_${stamp}`, '日付');
  await newItem('前住所', `previous_address_${stamp}`, '文字（1行）');
  await newItem('世帯員の氏名', `member_name_${stamp}`, '文字（1行）');
  await newItem('世帯員の生年月日', `member_birth_date_${stamp}`, '日付');
  await expectNoAxeViolations(page, 'items tab with new items');

  // Rules: the card prefill of the identity items is on (a new group has it); the household members are a
  // repeatable group, built from the keyboard.
  await page.getByRole('tab', { name: 'ルール', exact: true }).click();
  const prefill = page.getByTestId('prefill-rule');
  await expect(prefill).toHaveCount(8);
  for (const [item, claim] of [
    ['applicant_last_name', 'profile.last_name'],
    ['applicant_first_name', 'profile.first_name'],
    ['applicant_last_name_kana', 'profile.last_name_kana'],
    ['applicant_first_name_kana', 'profile.first_name_kana'],
    ['applicant_birth_date', 'profile.birth_date'],
    ['applicant_sex', 'profile.sex'],
    ['applicant_address', 'profile.address'],
  ]) {
    const row = prefill.filter({ has: page.locator(`select option:checked[value="${item}"]`) });
    await expect(row.getByRole('combobox', { name: '入力元' })).toHaveValue(claim!);
  }
  await page.getByRole('button', { name: '繰り返し項目のグループを追加' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'グループのコード', exact: true })).toBeFocused();
  await page.keyboard.type('household_member');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: '1人分の呼び名', exact: true })).toBeFocused();
  await page.keyboard.type('世帯員');
  const repeat = page.getByTestId('repeat-group');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(repeat.getByRole('combobox', { name: '標準項目 1' })).toBeFocused();
  // A native select: the keyboard's own list (selectOption stands for the arrow keys and Enter).
  await repeat.getByRole('combobox', { name: '標準項目 1' }).selectOption(`member_name_${stamp}`);
  await repeat.getByRole('button', { name: '標準項目を追加（繰り返しグループ 1）' }).focus();
  await page.keyboard.press('Enter');
  await expect(repeat.getByRole('combobox', { name: '標準項目 2' })).toBeFocused();
  await repeat.getByRole('combobox', { name: '標準項目 2' }).selectOption(`member_birth_date_${stamp}`);
  await repeat.getByRole('spinbutton', { name: '最大', exact: true }).fill('6');
  await expectNoAxeViolations(page, 'rules tab with a repeatable group');

  // A workflow of three steps (the new one's), the middle one taken by 市民課.
  await page.getByRole('tab', { name: 'ワークフロー・帳票', exact: true }).click();
  await page.getByRole('button', { name: 'ワークフローを追加' }).click();
  await page.getByRole('textbox', { name: 'ワークフローの名前', exact: true }).fill('転入の処理');
  await expect(page.getByTestId('workflow-step')).toHaveCount(3);
  await choose(
    page,
    page.getByRole('combobox', { name: 'ステップ 2 の担当部署' }),
    withCode('shimin', '市民課'),
  );

  // The procedure: its code created in the dialog, the workflow and department picked, two sections of
  // items, a check message.
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await page.getByRole('button', { name: '手続きを追加' }).click();
  await page.getByRole('button', { name: '新しい手続きコードを作る（新しい手続き）' }).click();
  const codeDialog = page.getByRole('dialog', { name: '新しい手続きコードを作る' });
  await codeDialog.getByRole('textbox', { name: 'コード' }).fill(procedureCode);
  await expectNoAxeViolations(page, 'new procedure code dialog');
  await codeDialog.getByRole('button', { name: '作成して使う' }).click();
  await expect(codeDialog).toHaveCount(0);
  await page.getByRole('textbox', { name: '名前', exact: true }).fill('転入届');
  // The group's only workflow is the new procedure's already.
  await expect(page.getByRole('combobox', { name: 'ワークフロー' })).toHaveText('転入の処理');
  await choose(page, page.getByRole('combobox', { name: '担当部署' }), withCode('shimin', '市民課'));
  const sectionItems = async (n: number, heading: string, codes: string[]) => {
    await page.getByRole('button', { name: '見出しを追加（転入届）' }).click();
    await page.getByRole('textbox', { name: `見出し ${n} の名前`, exact: true }).fill(heading);
    const picker = page.getByRole('combobox', { name: `見出し ${n} の標準項目` });
    for (const code of codes) {
      await picker.click();
      await picker.fill(code);
      await page.getByRole('option', { name: withCode(code) }).click();
      await page.keyboard.press('Escape');
    }
  };
  // The first section asks the applicant's items, as the card fills them.
  const applicantSection = page.getByTestId('fragment-section').first();
  for (const code of IDENTITY_ITEMS)
    await expect(applicantSection.getByTitle(code, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '見出し 1 の名前', exact: true }).fill('届出人');
  await sectionItems(2, '転入の内容', [
    `new_address_${stamp}`,
    `moving_in_date_${stamp}`,
    `previous_address_${stamp}`,
    `member_name_${stamp}`,
    `member_birth_date_${stamp}`,
  ]);
  await page.getByRole('button', { name: '確認文を追加（転入届）' }).click();
  await page.getByRole('textbox', { name: '確認文 1', exact: true }).fill(CHECK);
  await expectNoAxeViolations(page, 'procedures tab with the procedure');

  // The attachment: the moving-out certificate, an original (OR), its code created in the dialog.
  await page.getByRole('tab', { name: '添付書類', exact: true }).click();
  await page.getByRole('button', { name: '添付書類を追加' }).click();
  await page.getByRole('button', { name: '新しい添付書類のコードを作る（新しい添付書類）' }).click();
  const attachDialog = page.getByRole('dialog', { name: '新しい添付書類のコードを作る' });
  await attachDialog.getByRole('textbox', { name: 'コード' }).fill(attachCode);
  await attachDialog.getByRole('button', { name: '作成して使う' }).click();
  await expect(attachDialog).toHaveCount(0);
  await page.getByRole('textbox', { name: '名前', exact: true }).fill(ATTACH);
  await expect(page.getByRole('combobox', { name: '種類' })).toHaveText('原本');
  await expectNoAxeViolations(page, 'attaches tab');

  // The report: the procedure's receipt, printing the applicant's name and the new address.
  await page.getByRole('tab', { name: 'ワークフロー・帳票', exact: true }).click();
  await page.getByRole('button', { name: '帳票を追加' }).click();
  await page.getByRole('textbox', { name: '帳票の名前', exact: true }).fill('転入届 受付票');
  await page.getByRole('checkbox', { name: withCode('applicant_last_name') }).check();
  await page.getByRole('checkbox', { name: withCode('applicant_first_name') }).check();
  await page.getByRole('checkbox', { name: withCode(`new_address_${stamp}`) }).check();
  await expect(page.getByText('このワークフローに従う手続き: 転入届')).toBeVisible();
  await expectNoAxeViolations(page, 'workflows tab with a workflow and a report');

  // The filter question: living in the city leads on, not living here is out of the online route.
  await page.getByRole('tab', { name: 'コンシェルジュ', exact: true }).click();
  /** The question panels, in the order of the tab (the filter's first). */
  const question = (n: number) => page.locator('[data-testid^="concierge-"]').nth(n);
  await page.getByRole('button', { name: '質問を追加（はじめに）' }).click();
  const filter = question(0);
  await filter.getByRole('textbox', { name: '質問の名前', exact: true }).fill('転入の確認');
  await filter.getByRole('textbox', { name: '質問文', exact: true }).fill(FILTER_QUESTION);
  // A new question leads to every procedure of the group, and starts as a yes/no choice.
  await expect(filter.getByTitle(procedureCode, { exact: true })).toHaveText('転入届');
  const options = filter.getByRole('textbox', { name: '選択肢の文言', exact: true });
  await expect(options.nth(0)).toHaveValue('はい');
  await expect(options.nth(1)).toHaveValue('いいえ');
  const no = filter.getByRole('group', { name: '選択肢 2: いいえ' });
  await choose(
    page,
    no.getByRole('combobox', { name: '選んだときの行き先' }),
    'オンライン申請の対象外（案内文を表示）',
  );
  await no.getByRole('textbox', { name: '対象外のときの案内文', exact: true }).fill(SCOPED_OUT);
  await expectNoAxeViolations(page, 'concierge tab with the filter question');

  // The assistant page: a new section (a new group has no empty page, decision 0047), one inline form of
  // the new items.
  await page.getByRole('button', { name: 'サブカテゴリを追加（申請内容）' }).click();
  const section = page.getByRole('region', { name: '新しいサブカテゴリ', exact: true });
  await section.getByRole('textbox', { name: 'サブカテゴリ名', exact: true }).fill('転入の内容');
  await page.getByRole('button', { name: '質問を追加（転入の内容）' }).click();
  const assistant = question(1);
  await assistant.getByRole('textbox', { name: '質問の名前', exact: true }).fill('転入の内容');
  await choose(
    page,
    assistant.getByRole('combobox', { name: '質問の種類' }),
    /^入力フォーム\s*、\s*コード FO$/,
  );
  await assistant.getByRole('textbox', { name: '質問文', exact: true }).fill(ASSISTANT_QUESTION);
  const items = assistant.getByRole('combobox', { name: '入力する標準項目', exact: true });
  for (const code of NEW_ITEMS) {
    await items.click();
    await items.fill(`${code}_${stamp}`);
    await page.getByRole('option', { name: withCode(`${code}_${stamp}`) }).click();
    await page.keyboard.press('Escape');
  }
  await expectNoAxeViolations(page, 'concierge tab with the assistant question');

  // The steps page's text for the questions fits a moving-in (the default speaks of children).
  await page.getByRole('tab', { name: '申請者への案内文', exact: true }).click();
  await page.getByRole('textbox', { name: '「質問に答える」の説明', exact: true }).fill(ASSISTANT_STEP);
  await expectNoAxeViolations(page, 'resident texts tab');

  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  // Nothing was typed as JSON: no expert JSON view was opened (they are folded in their tabs).
  await expect(page.getByRole('region', { name: 'JSONで編集する（上級者向け）' })).toHaveCount(0);

  // The preview runs the saved draft: the scoped-out answer, then the procedure.
  await page.getByRole('link', { name: '保存した下書きをプレビュー' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}のプレビュー` })).toBeVisible();
  await expectNoAxeViolations(page, 'preview');
  await answer(page, FILTER_QUESTION, 'いいえ');
  await expect(page.getByText(SCOPED_OUT)).toBeVisible();
  await answer(page, FILTER_QUESTION, 'はい');
  const result = page.getByRole('region', { name: '申請できる手続き' });
  await expect(result.getByText('転入届', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'preview with the result');

  // Staging, then production.
  await page.getByRole('link', { name: '差分の確認と反映へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の差分の確認と反映` })).toBeVisible();
  const staging = page.getByTestId('panel-staging');
  await expect(staging.getByRole('button', { name: 'ステージング環境に反映する' })).toBeEnabled({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page, 'reflection');
  await reflectTo(page, 'staging', () =>
    expectNoAxeViolations(page, 'reflection to staging, confirm dialog'),
  );
  const production = await reflectTo(page, 'production', () =>
    expectNoAxeViolations(page, 'reflection to production, confirm dialog'),
  );
  await expect(production.getByText('反映する変更はありません。')).toBeVisible();
  await expectNoAxeViolations(page, 'reflection done');
  console.log(countsLine('[issue 19] operator (転入届)', operator));

  const reference = await residentSends(browser, baseURL, groupId);
  await staffSee(browser, baseURL, reference);
});

/** The resident of デモ市 finds the procedure, answers, finds the card's data filled in, and sends it. */
async function residentSends(browser: Browser, baseURL: string | undefined, groupId: string) {
  const context = await residentBrowser(browser, baseURL);
  const page = await context.newPage();
  await page.goto(`/municipalities/${DEMO}/entrance?procedure_group_id=${groupId}`);
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();
  await answer(page, FILTER_QUESTION, 'いいえ');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await expect(page.getByText(SCOPED_OUT)).toBeVisible();
  await answer(page, FILTER_QUESTION, 'はい');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await expect(page.getByRole('region', { name: 'あなたが申請できる手続き' })).toContainText('転入届');
  await page.getByRole('link', { name: 'サインインして申請に進む' }).click();
  await completeIdentityProvider(page);
  await page.getByRole('button', { name: '申請を始める' }).click();

  // The steps page says what this group asks (the operator's text), not the default about children.
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}\/stepsExplanation$/);
  const base = page.url().replace(/\/stepsExplanation$/, '');
  await expect(page.getByTestId('steps')).toContainText(ASSISTANT_STEP);
  await expect(page.getByTestId('steps')).not.toContainText('お子さん');
  await expect(page.getByRole('region', { name: '準備していただくもの' })).toContainText(ATTACH);
  await page.getByRole('link', { name: '質問に進む' }).click();

  // The assistant page: the new items; the first household member.
  await expect(page.getByRole('heading', { level: 1, name: '転入の内容' })).toBeVisible();
  await page.getByLabel('転入先の住所', { exact: true }).fill(NEW_ADDRESS);
  await page.getByLabel('転入日', { exact: true }).fill('2026-04-01');
  await page.getByLabel('前住所', { exact: true }).fill('東京都千代田区霞が関一丁目1番1号');
  await page.getByLabel('世帯員の氏名', { exact: true }).fill('山田 花子');
  await page.getByLabel('世帯員の生年月日', { exact: true }).fill('1990-05-05');
  await page.getByRole('button', { name: '回答を保存して手続きの選択へ' }).click();

  // The procedure, with its check message.
  await expect(page.getByRole('heading', { level: 1, name: '申請する手続きの選択' })).toBeVisible();
  const procedures = page.getByRole('group', { name: '申請する手続き' });
  await expect(procedures.getByRole('checkbox', { name: '転入届', exact: true })).toBeChecked();
  await expect(procedures).toContainText(CHECK);
  await page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }).click();
  // The card read at sign-in identifies: no second reading (decision 0041).
  await page.getByRole('button', { name: 'サインインしたカードで本人確認する' }).click();

  // The form: the applicant's name, kana, birth date, sex and address come from the card.
  await expect(page).toHaveURL(`${base}/form`);
  const applicant = page.getByRole('region', { name: '届出人' });
  await expect(applicant.getByLabel('氏', { exact: true })).toHaveValue('山田');
  await expect(applicant.getByLabel('氏', { exact: true })).toHaveAttribute('readonly', '');
  await expect(applicant.getByLabel('名', { exact: true })).toHaveValue('太郎');
  await expect(applicant.getByLabel('氏（カナ）', { exact: true })).toHaveValue('ヤマダ');
  await expect(applicant.getByLabel('名（カナ）', { exact: true })).toHaveValue('タロウ');
  await expect(applicant.getByLabel('生年月日', { exact: true })).toHaveValue('1988-04-15');
  await expect(applicant.getByRole('radio', { name: '男', exact: true })).toBeChecked();
  await expect(applicant.getByLabel('住所', { exact: true })).toHaveValue('デモ県デモ市中央一丁目2番3号');
  await expect(applicant.getByText('マイナンバーカードから入力しました').first()).toBeVisible();
  await page.getByRole('button', { name: '次へ', exact: true }).click();

  // The household's size is the resident's to say (no answer sets it): the form offers to add a member,
  // showing the first one as answered on the question page, not asking it again.
  const first = page.getByRole('region', { name: '1人目の世帯員' });
  await expect(first).toContainText('山田 花子');
  await expect(first.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: '世帯員を追加する' }).click();
  const second = page.getByRole('region', { name: '2人目の世帯員' });
  await second.getByLabel('世帯員の氏名（2人目）', { exact: true }).fill('山田 次郎');
  await second.getByLabel('世帯員の生年月日（2人目）', { exact: true }).fill('2020-07-07');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('山田 次郎');

  // The moving-out certificate, then the check message and the sending.
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const file = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  await expect(file).toHaveCount(1);
  await file.setInputFiles({ name: 'moving-out.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(page.getByTestId('attachment-file-name')).toHaveText('moving-out.png');
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await page.getByRole('button', { name: '確定して次へ' }).click();

  // No digital signature is asked: the check message is ticked and the application sent.
  await expect(page).toHaveURL(`${base}/signatureDigitalCertificateConfirm`);
  await expect(page.getByRole('region', { name: '申請する手続き' })).toContainText('電子署名は不要です');
  await page.getByRole('checkbox', { name: `転入届: ${CHECK}` }).check();
  await page.getByRole('button', { name: '申請を送信する' }).click();
  await expect(page).toHaveURL(`${base}/complete`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '申請を受け付けました' })).toBeVisible();
  const reference = page.getByTestId('reference-number');
  await expect(reference).toHaveText(/^\d{4}-\d{6}$/);
  const number = (await reference.textContent())!;
  await context.close();
  return number;
}

/** 市民課 staff find the document by its reference number and read what the resident sent. */
async function staffSee(browser: Browser, baseURL: string | undefined, reference: string) {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signInStaff(page, STAFF.adminShimin);
  await page.goto('/staff/documents');
  await page.getByRole('textbox', { name: '申請者名・受付番号' }).fill(reference);
  await page.getByRole('button', { name: '検索する' }).click();
  const table = page.getByRole('table', { name: '申請の一覧' });
  await table.getByRole('link', { name: reference, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`申請の詳細：${reference}`) }),
  ).toBeVisible();
  const content = page.getByRole('region', { name: '申請内容' });
  await expect(content).toContainText(NEW_ADDRESS);
  await expect(content).toContainText('世帯員の氏名（2人目）山田 次郎');
  await expect(content).toContainText('氏山田入力元：マイナンバーカード');
  // The attachment (the list names the document, then the file and its kind), the workflow and report.
  const main = page.getByRole('main');
  await expect(main).toContainText(`${ATTACH}moving-out.png・原本の画像`);
  await expect(main).toContainText('1. 受付');
  await expect(main).toContainText('3. 決定');
  await expect(main).toContainText('転入届 受付票');
  await context.close();
}
