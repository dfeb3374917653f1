// Issue 33 item 2 (decision 0042): the way ahead first. On the entrance, before the first question, the
// resident sees the steps their group really has (from its published configuration) and what to have at
// hand; a group without a signature promises none and lists no switched-off route. 申請の流れ marks where
// the resident truthfully is. axe on each screen at 390 and 1280 px, in Japanese and English.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, GROUP, test } from '../support/fixtures';
import { applicationAtForm } from '../support/application-setup';
import { M, startApplication } from './flow-support';

const widths = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
];

const TOWN = '/municipalities/999998';

/** The way ahead's steps on the entrance, by title. */
const steps = (page: Page) => page.getByTestId('way-steps').locator('li');
const prepare = (page: Page) => page.getByTestId('way-prepare');

async function inEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
  await page.reload();
}

/** A full-page picture to look at, only when asked (E2E_SHOTS=1). */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

for (const { label, viewport } of widths) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test('デモ市 出生・子育て: the steps and what to have at hand before the first question', async ({
      page,
    }) => {
      await page.goto(`${M}/entrance?procedure_group_id=${GROUP}`);
      const way = page.getByRole('region', { name: '申請の流れ' });
      await expect(way).toBeVisible();
      // Before the first question: no question on this page yet.
      await expect(page.getByRole('radiogroup')).toHaveCount(0);
      await expect(steps(page)).toHaveText([
        /^1申請できるか確かめる/,
        /^2サインイン/,
        /^3質問に答える/,
        /^4手続きを選ぶ/,
        /^5本人確認/,
        /^6申請内容の入力/,
        /^7添付書類/,
        /^8署名/,
        /^9申請の完了/,
      ]);
      // Nothing is marked current before an application exists.
      await expect(page.locator('[aria-current="step"]')).toHaveCount(0);
      const identification = steps(page).filter({ hasText: '本人確認' });
      await expect(identification).toContainText(
        'マイナンバーカード、基本4情報（氏名・生年月日・性別・住所）、またはマイナポータルで本人確認をします。',
      );
      await expect(identification).toContainText('カードをもう一度読み取る必要はありません。');
      const signature = steps(page).filter({ hasText: '署名' }).last();
      await expect(signature).toContainText('手書きの署名が必要な手続きでは');
      await expect(signature).toContainText('マイナンバーカードで電子署名をします');
      await expect(prepare(page)).toContainText('利用者証明用電子証明書の暗証番号（数字4桁）');
      await expect(prepare(page)).toContainText('署名用電子証明書の暗証番号（英数字6〜16桁）');
      await expect(prepare(page)).toContainText('出生証明書の画像（写真またはスキャン）');
      await expect(prepare(page)).toContainText('振込先口座の通帳またはキャッシュカードの写真');
      await expect(prepare(page)).toContainText('書類は、申請する手続きに必要なものだけを登録します。');
      await shot(page, `entrance-way-ahead-ja-${label}`);
      await expectNoAxeViolations(page, `entrance with the way ahead (${label})`);

      await inEnglish(page);
      await expect(page.getByRole('region', { name: 'How the application goes' })).toBeVisible();
      await expect(steps(page).first()).toContainText('Check that you can apply');
      await expect(prepare(page)).toContainText('An image (photo or scan) of: Birth certificate');
      await shot(page, `entrance-way-ahead-en-${label}`);
      await expectNoAxeViolations(page, `entrance with the way ahead, English (${label})`);

      // The first question comes after it.
      await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));
      await page.reload();
      await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
      await page.getByRole('button', { name: '申請を始める' }).click();
      await expect(page.getByRole('radiogroup').first()).toBeVisible();
    });

    test('a group without a signature: none promised, no switched-off route listed', async ({ page }) => {
      // サンプル町's 妊娠・出産: the card route only, no procedure signed, nothing attached.
      await page.goto(`${TOWN}/entrance?procedure_group_id=1001`);
      const way = page.getByRole('region', { name: '申請の流れ' });
      await expect(steps(page)).toHaveCount(8);
      await expect(way).not.toContainText('電子署名');
      await expect(way).not.toContainText('署名用電子証明書');
      await expect(way).not.toContainText('基本4情報');
      await expect(way).not.toContainText('マイナポータル');
      await expect(way).not.toContainText('添付書類');
      await expect(steps(page).filter({ hasText: '内容の確認と送信' })).toContainText(
        'この申請に署名は必要ありません。',
      );
      await expect(steps(page).filter({ hasText: '本人確認' })).toContainText(
        'マイナンバーカードで本人確認をします。',
      );
      await expect(prepare(page)).toHaveText(
        'マイナンバーカードと、利用者証明用電子証明書の暗証番号（数字4桁）',
      );
      await shot(page, `entrance-unsigned-ja-${label}`);
      await expectNoAxeViolations(page, `entrance of a group without a signature (${label})`);
      await inEnglish(page);
      await expect(page.getByRole('region', { name: 'How the application goes' })).not.toContainText(
        'digital',
      );
      await expect(page.getByText('No signature is needed.')).toBeVisible();
      await expectNoAxeViolations(page, `entrance of a group without a signature, English (${label})`);
    });
  });
}

test.describe('申請の流れ marks where the resident is', () => {
  for (const { label, viewport } of widths) {
    test(`right after the sign-in and once identified (${label})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      // Just created after the filter and the card sign-in: both done, the questions current.
      const fresh = await startApplication(page);
      await page.goto(`${M}/applications/${fresh}/stepsExplanation`);
      const list = page.getByTestId('steps');
      await expect(list.locator('li').first()).toContainText('申請できるか確かめる（済み）');
      await expect(list.locator('li').nth(1)).toContainText('サインイン（済み）');
      await expect(page.locator('[aria-current="step"]')).toContainText('質問に答える（現在の段階）');
      await expect(list.locator('li[data-step="identification"]')).toContainText(
        'サインインのときに読み取ったマイナンバーカードで本人確認します。',
      );
      // The card's 4-digit PIN is behind the resident now; the signing PIN is still ahead.
      const ready = page.getByRole('region', { name: '準備していただくもの' });
      await expect(ready).not.toContainText('数字4桁');
      await expect(ready).toContainText('英数字6〜16桁');
      await shot(page, `steps-fresh-ja-${label}`);
      await expectNoAxeViolations(page, `steps right after the sign-in (${label})`);

      // Questions answered, the birth notification chosen, identified by the sign-in's card: the form is
      // current, 本人確認 done, only the birth notification's document and signature ahead.
      const app = await applicationAtForm(page, { procedureCodes: ['birth_notification'] });
      const identified = await page.request.post(
        `/api/municipalities/999999/applications/${app.id}/identification/jpki/`,
        { headers: app.headers },
      );
      expect(identified.ok(), await identified.text()).toBe(true);
      await page.goto(`${app.base}/stepsExplanation`);
      await expect(page.locator('[aria-current="step"]')).toContainText('申請内容の入力（現在の段階）');
      await expect(list.locator('li[data-step="assistant"]')).toContainText('（済み）');
      await expect(list.locator('li[data-step="identification"]')).toContainText('本人確認（済み）');
      await expect(ready).toContainText('出生証明書の画像');
      await expect(ready).not.toContainText('健康保険証');
      await expect(page.getByRole('link', { name: '続きから再開する' })).toBeVisible();
      await shot(page, `steps-form-ja-${label}`);
      await expectNoAxeViolations(page, `steps at the form (${label})`);
      await inEnglish(page);
      await expect(page.locator('[aria-current="step"]')).toContainText('(you are here)');
      await shot(page, `steps-form-en-${label}`);
      await expectNoAxeViolations(page, `steps at the form, English (${label})`);
    });
  }
});
