// The smaller frictions of issue 33 item 5, each measured on screen (decision 0043): a progress count
// that never grows under the resident, a "next" that waits for a choice still being saved, review
// change links of at least 44×44 px with numbers kept on one line, confirmations kept across the trip to
// the signing app, a locked card explained, error pages without technical lines. demo-resident-0006
// (中村 翔, no household, no public funds account) applies; 0003's card is locked here (no other spec
// signs in with it). axe at 390 and 1280 px, Japanese and English, on every screen this touches.
import type { Page } from '@playwright/test';
import {
  applicationAtAssistant,
  applicationAtForm,
  pngBytes,
  signInResident,
} from '../support/application-setup';
import {
  answer,
  DEMO,
  expect,
  expectNoAxeViolations,
  GROUP,
  QUESTIONS,
  test,
  tickEvery,
} from '../support/fixtures';
import { pick } from './flow-support';

const RESIDENT = { subject: 'demo-resident-0006', pin: '6789', name: '中村 翔' };
const SHOTS = 'test-results/frictions';
const NOTIFIER = '出生届を届け出る方（届出人）は、お子さんから見てどなたですか？';

/** axe and a screenshot at both widths in both languages; `ready` waits for the screen in that language. */
async function everywhere(page: Page, name: string, ready: (language: 'ja' | 'en') => Promise<void>) {
  for (const language of ['ja', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await ready(language);
      await expectNoAxeViolations(page, `${name} at ${width} px (${language})`);
      await page.screenshot({ path: `${SHOTS}/${name}-${language}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
}

test.use({ viewport: { width: 390, height: 844 } });

test('the filter counts answers without a total that grows as questions appear', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/entrance?procedure_group_id=${GROUP}`);
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();
  const progress = page.locator('#filter-progress');
  await expect(progress).toHaveText('回答済み: 0 問（回答によって、次の質問が表示されます）');
  await answer(page, QUESTIONS.born, 'はい');
  // Two more questions appeared: the count says what was answered, never "1 of 3".
  await expect(page.getByRole('radiogroup')).toHaveCount(3);
  await expect(progress).toHaveText('回答済み: 1 問（回答によって、次の質問が表示されます）');
  await expect(progress).not.toContainText('問中');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await expect(progress).toHaveText('すべての質問に回答しました（4 問）');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await everywhere(page, 'filter', async (language) => {
    await expect(progress).toHaveText(
      language === 'ja' ? 'すべての質問に回答しました（4 問）' : 'All questions answered: 4',
    );
  });
});

test('the assistant counts pages against a total that stays, and "next" waits for a choice being saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInResident(page, RESIDENT);
  const app = await applicationAtAssistant(page, 3);
  // The choice's save answers slowly (a phone on a slow line): 2 s for each PUT of the choices.
  let delayed = 0;
  await page.route('**/concierge-values/', async (route) => {
    if (route.request().method() === 'PUT') {
      delayed++;
      await new Promise((done) => setTimeout(done, 2_000));
    }
    await route.continue();
  });
  await page.goto(`${app.base}/conciergeAssistant?sub=3`);
  await expect(page.getByRole('heading', { level: 1, name: '申請者' })).toBeVisible();
  const progress = page.locator('#assistant-progress');
  const first = (await progress.textContent()) ?? '';
  const most = /最大 (\d+) ページ/.exec(first)?.[1];
  expect(first, 'page 1 with the most pages there can be').toMatch(/^1 ページ目（質問は最大 \d+ ページです/);
  expect(Number(most)).toBeGreaterThanOrEqual(5);
  await expect(page).toHaveTitle(/^申請者（1ページ目）- 申請内容についての質問/);

  // 父 shows the applicant's name, which the card fills once the choice is saved; "next" at once.
  await pick(page, NOTIFIER, '父');
  await expect(progress).toHaveText(first);
  await page.getByRole('button', { name: '回答を保存して次へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お子さん' })).toBeVisible({ timeout: 20_000 });
  expect(delayed, 'the choice was saved slowly').toBeGreaterThan(0);
  await expect(page.getByText('氏を入力してください。')).toHaveCount(0);
  // Counted against the same total: page 2, never "of 7" after "of 5".
  await expect(progress).toHaveText(first.replace(/^1 /, '2 '));
  await page.unroute('**/concierge-values/');

  // Back on page 1, the name the card gave was saved with the page, as the resident saw it.
  await page.goto(`${app.base}/conciergeAssistant?sub=3`);
  await expect(page.getByRole('textbox', { name: '氏', exact: true })).toHaveValue('中村');
  await everywhere(page, 'assistant', async (language) => {
    await expect(progress).toContainText(language === 'ja' ? `最大 ${most} ページ` : `at most ${most} pages`);
  });
});

test('the review: change links of at least 44×44 px, numbers on one line, shorter on a phone', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInResident(page, RESIDENT);
  const app = await applicationAtForm(page, { procedureCodes: ['birth_notification', 'child_allowance'] });
  await page.goto(`${app.base}/formValues`);
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  const links = page.getByRole('link', { name: /^変更/ });
  await expect(links.first()).toBeVisible();
  const boxes = await links.evaluateAll((all) =>
    all.map((a) => {
      const r = a.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height), name: a.textContent };
    }),
  );
  const small = boxes.filter((b) => b.width < 44 || b.height < 44);
  expect(small, `change links under 44×44 px (of ${boxes.length})`).toEqual([]);
  // Grouped by the form's sections, each a region with its heading.
  expect(await page.locator('section[aria-labelledby^="review-page-"]').count()).toBeGreaterThan(3);
  // Numbers never break: the phone number and the postal code are kept on one line.
  for (const code of ['applicant_phone', 'applicant_postal_code']) {
    await expect(page.getByTestId(`review-${code}`).locator('dd span').first()).toHaveCSS(
      'white-space',
      'nowrap',
    );
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const screens = Math.round((height / 844) * 10) / 10;
  console.log(`review at 390 px: ${screens} phone screens, ${boxes.length} change links`);
  expect(screens, 'phone screens of the review').toBeLessThan(12);
  await everywhere(page, 'review', async (language) => {
    await expect(
      page.getByRole('heading', { level: 1, name: language === 'ja' ? '入力内容の確認' : /check/i }),
    ).toBeVisible();
  });
});

test('the confirmations stay ticked after the trip to the signing app and back', async ({ page }) => {
  test.setTimeout(180_000);
  await signInResident(page, RESIDENT);
  const app = await applicationAtForm(page, { procedureCodes: ['birth_notification'] });
  // Signing needs the attachments confirmed first: through their screens.
  await page.goto(`${app.base}/attached`);
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const inputs = page.locator('[data-testid^="slot-"][data-testid$="-file"]');
  await expect(inputs.first()).toBeAttached();
  for (const input of await inputs.all()) {
    const slot = (await input.getAttribute('data-testid'))!.replace(/-file$/, '');
    await input.setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId(slot).getByTestId('attachment-file-name')).toHaveText(`${slot}.png`);
  }
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await page.getByRole('button', { name: '確定して次へ' }).click();
  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`, { timeout: 20_000 });
  await tickEvery(page, (box) => box.check());
  const boxes = page.getByRole('checkbox');
  const count = await boxes.count();
  expect(count, 'confirmations').toBeGreaterThan(0);
  await page.getByRole('button', { name: '電子署名に進む' }).click();
  await expect(page).toHaveURL(`${app.base}/miidLaunchGuide`);
  await page.getByRole('button', { name: '署名アプリで署名して申請を送信する' }).click();
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  // Signed with another resident's card: the portal refuses it and the resident comes back.
  await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption('demo-resident-0002');
  await page.getByLabel(/暗証番号/).fill('2345');
  await page.getByRole('button', { name: '署名する' }).click();
  await expect(page).toHaveURL(`${app.base}/miidFailed`, { timeout: 30_000 });

  await page.goto(`${app.base}/signatureDigitalCertificateConfirm`);
  await expect(boxes.first()).toBeVisible();
  await expect(boxes).toHaveCount(count);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  // One taken back stays taken back after a reload, the others stay ticked.
  await boxes.first().uncheck();
  await page.reload();
  await expect(boxes.first()).not.toBeChecked();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(count - 1);
  await everywhere(page, 'confirm', async () => {
    await expect(boxes.first()).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(count - 1);
  });
});

test('a locked card ends on a page that says it is locked and how to unlock it', async ({ page }) => {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await page.waitForURL(/\/dev\/idp\//);
  const subject = 'demo-resident-0003';
  for (const pin of ['0000', '1111', '2222']) {
    await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption(subject);
    await page.getByLabel(/暗証番号/).fill(pin);
    await page.getByRole('button', { name: '本人確認する' }).click();
  }
  await expect(page.getByRole('alert')).toContainText('ロックされています');
  await page.getByRole('button', { name: 'ポータルに戻って解除の方法を見る' }).click();
  await expect(page).toHaveURL(/\/municipalities\/999999\/signin-failed\?reason=card_locked/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'マイナンバーカードがロックされています' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('お住まいの市区町村の窓口');
  await expect(main).toContainText('暗証番号の初期化（再設定）');
  await expect(main).not.toContainText('中止したため');
  await expect(page).toHaveTitle(/^マイナンバーカードがロックされています/);
  await everywhere(page, 'card-locked', async (language) => {
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: language === 'ja' ? 'マイナンバーカードがロックされています' : 'Your My Number Card is locked',
      }),
    ).toBeVisible();
  });
});

test('error pages show no technical lines: no status code, error code or path label', async ({ page }) => {
  for (const path of [
    '/municipalities/000000',
    `/municipalities/${DEMO}/no-such-page`,
    '/error?status=500',
    `/municipalities/${DEMO}/signin-failed?reason=provider_error`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text, path).not.toMatch(/パス[:：]|Path:|\b(404|500)\b|not_found|internal_error|Error:/);
  }
});
