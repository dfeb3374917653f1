// Issue 35 items 1–3 (decision 0047): the pre-reflection check (公開前チェック) of a new group's draft with
// five planted mistakes — an unreachable procedure, an empty page, a required item never asked, a rule
// naming an item taken off every page, a step text promising a signature the group does not have — each
// listed with a link to its place (in the editor and from the reflection page), staging refusing the
// draft; the procedure's targeting beside it; the preview's reasons; the diff of a new group and of an
// edited one read without JSON; the production panel before the first staging reflection. axe and the
// keyboard on each screen.
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { newGroup, reflectTo, signInOperator } from './support';

const MT = `/stg-api/mastertool/municipalities/${DEMO}`;
const QUESTION = 'デモ市に転入しましたか？';
const SIGNATURE_TEXT = 'マイナンバーカードで電子署名をして送信します。';

/** JSON in the page text: a key in quotes, an object or list opening, a bare null. */
const JSON_LIKE = /"[a-z_]+"\s*:|\{"|\[\{|\bnull\b/;

/** The staging draft calls, from the operator's browser (its session and CSRF token). */
async function stagingDraft(page: Page, id: string) {
  const token = (await (await page.request.get('/stg-api/csrf-token')).json()) as { csrf_token: string };
  const headers = { 'X-Region-Code': DEMO, 'X-CSRF-Token': token.csrf_token };
  const url = `${MT}/reflection-managers/procedure-group/?reflection_manager_id=${id}`;
  const read = await page.request.get(url, { headers });
  expect(read.ok(), await read.text()).toBe(true);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the configuration as JSON, changed in place
    group: (await read.json()).procedure_group as any,
    save: async (group: unknown) => {
      const res = await page.request.put(url, { headers, data: { procedure_group: group } });
      expect(res.ok(), await res.text()).toBe(true);
    },
    reflect: () =>
      page.request.put(`${MT}/reflection-managers/${id}/procedure-group/`, { headers, data: {} }),
  };
}

/** A picture to look at (E2E_SHOTS=1): the screen with `at` scrolled to its top. */
async function shot(page: Page, name: string, at?: Locator) {
  if (!process.env.E2E_SHOTS) return;
  if (at) await at.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('the pre-reflection check lists planted mistakes with links to their places, and staging refuses them', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 100_000;
  const name = `公開前チェック ${stamp}`;
  await signInOperator(page);
  await newGroup(page, name);
  const id = /procedure-groups\/(\d+)\/edit$/.exec(page.url())![1]!;
  // The template passes the check as it is.
  const check = page.getByTestId('publication-check');
  await expect(check).toContainText('問題は見つかりませんでした。');
  // The check sits below the tabs (its live changes move nothing above); the bar counts it from the start.
  const tabsBox = (await page.getByRole('tablist', { name: '編集する項目' }).boundingBox())!;
  expect((await check.boundingBox())!.y).toBeGreaterThan(tabsBox.y);
  await expect(page.getByRole('button', { name: '公開前チェック：問題なし' })).toBeVisible();

  // A draft built by API calls: one procedure a filter question leads to, asking the applicant's items;
  // then the five mistakes.
  const draft = await stagingDraft(page, id);
  const g = draft.group;
  const items: string[] = g.standard_items.map((i: { code: string }) => i.code);
  const procedure = (pid: number, code: string, pname: string) => ({
    id: pid,
    code,
    name: pname,
    sequence: pid,
    remarks: null,
    is_confirmed: false,
    printed_copies: 1,
    check_messages: [],
    procedural_rules: [],
    workflow_template_id: null,
    is_signature_digital_certificate: false,
    department_code: null,
    procedure_fragments: items.map((code, i) => ({
      id: 90_000 + pid * 100 + i,
      name: '届出人',
      standard_item_code: code,
    })),
  });
  g.disclosure.procedures = [
    procedure(1, `moving_in_${stamp}`, '転入届'),
    procedure(2, `lost_${stamp}`, '行き先のない手続き'),
  ];
  g.disclosure.procedures[1].procedure_fragments = [];
  g.concierge_set.filter_concierge_category.concierge_sub_category[0].concierges = [
    {
      id: 1,
      type: 'QT',
      name: '転入の確認',
      question: QUESTION,
      standard_item_code: [],
      sequence: 0,
      view_rules: [],
      is_first: true,
      suffix: null,
      remarks: null,
      copyable_label: null,
      copyable_standard_item_codes: [],
      is_horizontal: false,
      requires_name_validation: [],
      concierge_procedure_codes: [{ id: 1, procedure_code: `moving_in_${stamp}` }],
      concierge_options: [
        { id: 1, value: 'はい', sequence: 0, concierge_destination: null },
        { id: 2, value: 'いいえ', sequence: 1, concierge_destination: null },
      ],
    },
  ];
  g.concierge_set.assistant_concierge_category[0].concierge_sub_category = [
    {
      id: 2,
      breadcrumbs: [],
      name: '空のページ',
      sequence: 0,
      image_type: null,
      view_rules: [],
      concierges: [],
    },
  ];
  const item = (code: string, iname: string, required: boolean) => ({
    ...g.standard_items[0],
    code,
    name: iname,
    required,
    type: 'text',
    reading_of: null,
    choices: [],
  });
  g.standard_items.push(item(`never_asked_${stamp}`, '聞かれない項目', true));
  g.standard_items.push(item(`removed_${stamp}`, '外した項目', false));
  g.concierge_set.concierge_rule.form_rule.hidden_rules.push({
    target: `removed_${stamp}`,
    conditions: [[{ source: items[0], symbol: '', expected: '' }]],
  });
  g.resident_texts = { steps: { signature: SIGNATURE_TEXT } };
  await draft.save(g);

  // Staging refuses it: 409 in the one error body, one error per problem with its field.
  const refused = await draft.reflect();
  expect(refused.status()).toBe(409);
  const fields = ((await refused.json()).errors as { field: string }[]).map((e) => e.field);
  expect(fields).toEqual(
    expect.arrayContaining([
      'procedure_group.disclosure.procedures.1.name',
      'procedure_group.concierge_set.assistant_concierge_category.0.concierge_sub_category.0.name',
      expect.stringMatching(/^procedure_group\.standard_items\.\d+\.name$/),
      'procedure_group.concierge_set.concierge_rule.form_rule.hidden_rules.0.target',
      'procedure_group.resident_texts.steps.signature',
    ]),
  );

  // The editor lists them, each with a link to its place.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  const errors = check.getByTestId('check-errors');
  await expect(check).toContainText('エラー 5 件');
  await page.getByRole('button', { name: /^公開前チェック：エラー 5 件、注意 \d+ 件$/ }).click();
  await expect(page.locator('#publication-check-panel')).toBeFocused();
  await expect(errors).toContainText('手続き「行き先のない手続き」に進む回答がありません。');
  await expect(errors).toContainText('ページ「空のページ」に質問がありません。');
  await expect(errors).toContainText('必須の項目「聞かれない項目」を、どのページでも聞いていません。');
  await expect(errors).toContainText('どのページでも聞いていない項目「外した項目」を使っています。');
  await expect(errors).toContainText('「マイナンバーカードによる電子署名」を案内していますが');
  await expectNoAxeViolations(page, 'editor with the check');
  await shot(page, 'check-editor-ja', check);

  // By keyboard: the empty page's link opens the concierge tab with its name field focused.
  await check.getByRole('button', { name: /空のページ/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'コンシェルジュ' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .getByRole('region', { name: '空のページ' })
      .getByRole('textbox', { name: 'サブカテゴリ名', exact: true }),
  ).toBeFocused();
  await check.getByRole('button', { name: /申請者への案内文/ }).click();
  await expect(page.getByRole('textbox', { name: '「署名」の説明', exact: true })).toBeFocused();

  // Targeting in the open: the procedure a question leads to, and the one nothing leads to.
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  const targets = page.getByTestId('procedure-targets');
  await expect(targets.nth(0)).toContainText(`「${QUESTION}」で「はい」か「いいえ」と回答`);
  await expect(targets.nth(1)).toContainText('どの回答もこの手続きに進みません。');
  await shot(page, 'targets-ja', targets.nth(0));
  await expectNoAxeViolations(page, 'procedures tab with targeting');
  await targets.nth(0).getByRole('button', { name: '質問「転入の確認」を開く' }).click();
  await expect(page.getByRole('textbox', { name: '質問文', exact: true })).toBeFocused();

  // The preview says why each procedure is or is not offered.
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/${id}/preview`);
  await page.getByRole('radio', { name: 'はい' }).check();
  const result = page.getByRole('region', { name: '申請できる手続き' });
  await expect(result).toContainText('この手続きが表示される理由');
  await expect(result).toContainText(`「${QUESTION}」に「はい」と回答したため`);
  await expect(page.getByTestId('preview-not-offered')).toContainText('この手続きに進む回答がありません。');
  await expectNoAxeViolations(page, 'preview with reasons');
  await shot(page, 'preview-ja', result);

  // The reflection page: the check with links into the editor, staging's button off, production's advice.
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/${id}/reflect`);
  const reflectCheck = page.getByTestId('publication-check');
  await expect(reflectCheck).toContainText('エラー 5 件');
  await expect(
    page.getByTestId('panel-staging').getByRole('button', { name: 'ステージング環境に反映する' }),
  ).toBeDisabled();
  const production = page.getByTestId('panel-product');
  await expect(production.getByTestId('first-staging')).toContainText('まず下書きをステージング環境に反映し');
  await expect(production).not.toContainText('ほかの操作と重なった');
  await expectNoAxeViolations(page, 'reflection page with the check');
  await shot(page, 'check-reflect-ja', reflectCheck);
  await shot(page, 'check-reflect-production-ja', production);
  await reflectCheck.getByRole('link', { name: /聞かれない項目/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/edit\?at=/);
  await expect(page.getByRole('tab', { name: '標準項目', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: '項目名', exact: true })).toBeFocused();

  // In English: the same check in the English words.
  await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/${id}/reflect`);
  await expect(page.getByTestId('publication-check')).toContainText('Errors: 5.');
  await expect(page.getByTestId('first-staging')).toContainText('Reflect the draft to staging first');
  await expectNoAxeViolations(page, 'reflection page with the check (English)');
  await shot(page, 'check-reflect-en', page.getByTestId('publication-check'));
  await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));
});

test('the diff of a new group and of an edited one reads as a tree of words, never JSON', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 100_000;
  const name = `差分 ${stamp}`;
  await signInOperator(page);
  await newGroup(page, name);
  const id = /procedure-groups\/(\d+)\/edit$/.exec(page.url())![1]!;

  // A new group: every part added, in the editor's words.
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/${id}/reflect`);
  const staging = page.getByTestId('panel-staging');
  await expect(staging.getByTestId('diff-row').first()).toBeVisible();
  await expect(staging).toContainText('手続きグループの名前');
  await expect(staging).toContainText(name);
  await expect(staging).toContainText('対象の確認');
  await expect(staging).toContainText('はじめに');
  await expect(staging).toContainText('申請内容');
  expect(await staging.innerText()).not.toMatch(JSON_LIKE);
  await expect(page.getByTestId('first-staging')).toBeVisible();
  await expectNoAxeViolations(page, 'diff of a new group');
  await shot(page, 'diff-new-ja', staging.getByTestId('diff-row').first());
  await shot(page, 'diff-new-ja-2', staging.getByTestId('diff-row').nth(3));
  await reflectTo(page, 'staging');
  // Production's diff of the same new group, now that staging serves it.
  const production = page.getByTestId('panel-product');
  await expect(production.getByTestId('diff-row').first()).toBeVisible();
  expect(await production.innerText()).not.toMatch(JSON_LIKE);
  await reflectTo(page, 'production');

  // An edit: the description and a filter question, saved in the editor.
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/${id}/edit`);
  await page.getByRole('textbox', { name: '説明', exact: true }).fill('転入の届出です。');
  await page.getByRole('tab', { name: 'コンシェルジュ' }).click();
  await page.getByRole('button', { name: '質問を追加（はじめに）' }).click();
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  await page.getByRole('link', { name: '差分の確認と反映' }).click();
  const edited = page.getByTestId('panel-staging');
  const description = edited.getByTestId('diff-row').filter({ hasText: '説明' });
  await expect(description).toContainText('変更前: なし');
  await expect(description).toContainText('変更後: 転入の届出です。');
  await expect(edited.getByTestId('diff-row').filter({ hasText: '新しい質問' }).first()).toContainText(
    '追加',
  );
  expect(await edited.innerText()).not.toMatch(JSON_LIKE);
  await expectNoAxeViolations(page, 'diff of an edited group');
  await shot(page, 'diff-edit-ja', edited);
  await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
  await page.reload();
  await expect(edited.getByTestId('diff-row').filter({ hasText: 'Description' })).toContainText(
    'Before: None',
  );
  expect(await edited.innerText()).not.toMatch(JSON_LIKE);
  await expectNoAxeViolations(page, 'diff of an edited group (English)');
  await shot(page, 'diff-edit-en', edited);
  await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));
});
