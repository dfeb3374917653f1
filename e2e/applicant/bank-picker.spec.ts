// The payment account without a registered public funds account (issue 33 item 5, decision 0043): the
// bank and the branch found by name on the server (the Zengin codes, never the whole list on the phone),
// the codes typed on the number pad. demo-resident-0006 has no account, so nothing is prefilled. axe at
// 390 and 1280 px, Japanese and English.
import { applicationAtAssistant, signInResident } from '../support/application-setup';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

const RESIDENT = { subject: 'demo-resident-0006', pin: '6789', name: '中村 翔' };
const SHOTS = 'test-results/frictions';

test.use({ viewport: { width: 390, height: 844 } });

test('the bank and branch found by name fill their codes and names; the codes open the number pad', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInResident(page, RESIDENT);
  const app = await applicationAtAssistant(page, 8);
  const lookups: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/bank')) lookups.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`${app.base}/conciergeAssistant?sub=8`);
  await expect(page.getByRole('heading', { level: 1, name: '振込先口座' })).toBeVisible();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  for (const label of ['金融機関コード', '支店コード', '口座番号']) {
    await expect(field(label), label).toHaveAttribute('inputmode', 'numeric');
  }
  await expect(field('金融機関コード')).toHaveValue('');

  const bankSearch = page.getByRole('searchbox', { name: '金融機関を名前で探す' });
  const branchSearch = page.getByRole('searchbox', { name: '支店を名前で探す' });
  const [bankButton, branchButton] = [
    page.getByRole('button', { name: '探す', exact: true }).first(),
    page.getByRole('button', { name: '探す', exact: true }).nth(1),
  ];
  // A branch before the bank says what to do first; an empty search asks for a name.
  await branchSearch.fill('東京');
  await branchButton.click();
  await expect(page.locator('#item-branch_code-lookup-status')).toHaveText(
    '先に金融機関を選ぶか、金融機関コードを4桁で入力してください。',
  );
  await bankButton.click();
  await expect(page.locator('#item-bank_code-lookup-status')).toHaveText('探す名前を入力してください。');
  await bankSearch.fill('そんな銀行はない');
  await bankSearch.press('Enter');
  await expect(page.locator('#item-bank_code-lookup-status')).toContainText('見つかりませんでした');
  // Enter searched; it did not send the page.
  await expect(page.getByRole('heading', { level: 1, name: '振込先口座' })).toBeVisible();

  // The name as residents write it, with 銀行 and in katakana.
  await bankSearch.fill('ミズホ銀行');
  await bankSearch.press('Enter');
  const bankList = page.getByRole('list', { name: '金融機関を名前で探す' });
  await bankList.getByRole('button', { name: 'みずほ（0001）' }).click();
  await expect(field('金融機関コード')).toHaveValue('0001');
  await expect(field('金融機関名')).toHaveValue('みずほ');
  await expect(page.locator('#item-bank_code-lookup-status')).toHaveText(
    '金融機関コードに「0001」、金融機関名に「みずほ」を入力しました。',
  );
  const chosen = await bankList.count();
  expect(chosen, 'the list closes once chosen').toBe(0);

  await branchSearch.fill('とうきょう');
  await branchButton.click();
  await page
    .getByRole('list', { name: '支店を名前で探す' })
    .getByRole('button', { name: '東京営業部（001）' })
    .click();
  await expect(field('支店コード')).toHaveValue('001');
  await expect(field('支店名')).toHaveValue('東京営業部');
  // Each look-up asked the server for a few matches by what was typed.
  expect(lookups.some((l) => l.startsWith('/api/banks/?q='))).toBe(true);
  expect(lookups.some((l) => l.startsWith('/api/bank-branches/?bank_code=0001&q='))).toBe(true);

  // The tap targets of the results and the search are at least 44 px high.
  await bankSearch.fill('信金');
  await bankButton.click();
  const results = page.getByRole('list', { name: '金融機関を名前で探す' }).getByRole('button');
  await expect(results).toHaveCount(20);
  await expect(page.locator('#item-bank_code-lookup-status')).toContainText('ほかにもあります');
  for (const box of [await bankButton.boundingBox(), await results.first().boundingBox()]) {
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoAxeViolations(page, 'bank picker with results at 390 px (ja)');
  await page.screenshot({ path: `${SHOTS}/bank-picker-ja-390.png`, fullPage: true });

  // The rest of the page, then saved: the chosen codes were saved with it.
  await page.getByRole('radio', { name: '普通', exact: true }).check();
  await field('口座番号').fill('1234567');
  await field('口座名義人').fill('中村 翔');
  await field('口座名義人（カナ）').fill('ナカムラ ショウ');
  await page.getByRole('button', { name: /^回答を保存して/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '振込先口座' })).toBeHidden({ timeout: 20_000 });
  await page.goto(`${app.base}/conciergeAssistant?sub=8`);
  await expect(field('金融機関コード')).toHaveValue('0001');
  await expect(field('支店名')).toHaveValue('東京営業部');

  for (const language of ['ja', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const search = page.getByRole('searchbox', {
        name: language === 'ja' ? '金融機関を名前で探す' : 'Find the bank by name',
      });
      await search.fill('みずほ');
      await search.press('Enter');
      await expect(
        page.getByRole('list', {
          name: language === 'ja' ? '金融機関を名前で探す' : 'Find the bank by name',
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `bank picker at ${width} px (${language})`);
      await page.screenshot({ path: `${SHOTS}/bank-picker-${language}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));
});
