// Issue 19 item 6: an operator words the steps page (申請の流れ) of サンプル町's 妊娠・出産 in the editor's
// 申請者への案内文 tab (the default shown until then), previews it, reflects it to staging and production,
// and a resident starting an application there sees the group's text, in English too; axe finds nothing.
// サンプル町's group is used so the applicant tests of デモ市 keep seeing the defaults.
import { completeIdentityProvider, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { reflectTo, signInOperator } from './support';

const TOWN = '999998';
const GROUP = 1001;

test('an operator words the steps page of a group, reflects it, and a resident sees it', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100_000;
  const intro = `妊娠届の申請は、次の順に進みます（${stamp}）。\n分からないことは健康づくり課にお尋ねください。`;
  const introEn = `Notifying a pregnancy goes through these steps (${stamp}).`;
  const assistant = '出産予定日と、診断を受けた医療機関について答えます。';

  await signInOperator(page);
  await page.goto(`/mastertool/municipalities/${TOWN}/procedure-groups/${GROUP}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: '妊娠・出産の編集' })).toBeVisible();
  await page.getByRole('tab', { name: '申請者への案内文' }).click();
  const field = page.getByRole('textbox', { name: '申請の流れの説明', exact: true });
  await expect(field).toHaveAttribute('placeholder', /^「妊娠・出産」の申請は、次の順に進みます。/);
  await expect(page.getByText('標準の文を表示しています。').first()).toBeVisible();
  await expectNoAxeViolations(page, 'resident texts tab, defaults');

  await field.fill(intro);
  await page.getByRole('textbox', { name: '申請の流れの説明（英語）', exact: true }).fill(introEn);
  await page.getByRole('textbox', { name: '「質問に答える」の説明', exact: true }).fill(assistant);
  // A tag is refused as typed, and the way back to the default empties the text again.
  const form = page.getByRole('textbox', { name: '「申請内容の入力」の説明', exact: true });
  await form.fill('<b>必ず</b>入力');
  await expect(
    page.getByText('HTMLのタグ（<b> など）や制御文字は使えません。', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: '「申請内容の入力」の説明を標準の文に戻す' }).click();
  await expect(form).toHaveValue('');
  await expect(page.getByText('この手続きグループ用の文を表示しています。')).toHaveCount(2);
  await expectNoAxeViolations(page, 'resident texts tab, worded');
  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: `test-results/shots/step-texts-tab.png`, fullPage: true });
  }

  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  // The preview of the saved draft shows the texts as residents will read them.
  await page.goto(`/mastertool/municipalities/${TOWN}/procedure-groups/${GROUP}/preview`);
  await expect(page.getByTestId('preview-steps-intro')).toHaveText(intro);
  await expect(page.getByRole('region', { name: '申請の流れと完了ページの案内文' })).toContainText(assistant);

  // Reflected to staging, then production (the diff names the new texts).
  await page.goto(`/mastertool/municipalities/${TOWN}/procedure-groups/${GROUP}/reflect`);
  const staging = page.getByTestId('panel-staging');
  // The reflection page reads both environments: slower than one call on a busy machine.
  const row = staging.getByTestId('diff-row').filter({ hasText: '申請者への案内文' });
  await expect(row).toContainText('追加', { timeout: 30_000 });
  await reflectTo(page, 'staging');
  await reflectTo(page, 'production');

  // The resident starts an application of the group and reads its own text on 申請の流れ.
  const resident = await context.newPage();
  await resident.goto(`/municipalities/${TOWN}/entrance?procedure_group_id=${GROUP}`);
  await resident.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await resident.getByRole('button', { name: '申請を始める' }).click();
  await resident
    .getByRole('radiogroup', { name: '医療機関で妊娠の診断を受けましたか？' })
    .getByRole('radio', { name: 'はい', exact: true })
    .check();
  await resident.getByRole('button', { name: '回答を確認する' }).click();
  await resident.getByRole('link', { name: 'サインインして申請に進む' }).click();
  await completeIdentityProvider(resident);
  await resident.getByRole('button', { name: '申請を始める' }).click();
  await expect(resident).toHaveURL(/\/applications\/[0-9a-f-]{36}\/stepsExplanation$/);
  const shown = resident.getByTestId('steps-intro');
  await expect(shown).toHaveText(intro);
  const steps = resident.getByTestId('steps');
  await expect(steps).toContainText(assistant);
  await expect(steps).not.toContainText('申請の内容について、いくつかの質問に答えます。');
  // Steps the group does not word keep the default.
  await expect(steps).toContainText('届出書・申請書の内容を入力します。');
  await expectNoAxeViolations(resident, 'steps page with the group text');
  if (process.env.E2E_SHOTS) {
    await resident.screenshot({ path: `test-results/shots/step-texts-resident.png`, fullPage: true });
  }

  // In English: the English of the introduction, the Japanese of the step (marked lang="ja").
  await resident.evaluate(() => localStorage.setItem('portal.language', 'en'));
  await resident.reload();
  await expect(resident.getByRole('heading', { level: 1, name: 'How the application works' })).toBeVisible();
  await expect(shown).toHaveText(introEn);
  await expect(steps.locator('[lang="ja"]', { hasText: assistant })).toBeVisible();
  await expectNoAxeViolations(resident, 'steps page with the group text (English)');
});
