// The documents table and a document's detail with the keyboard only (Tab, arrows, Space, Enter), and
// the deletion with its undo.
import { expect, tabTo, test } from '../support/fixtures';
import { ResidentApi, residentBrowser, submitApplication } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

// A step that cannot happen fails within seconds, naming the step, instead of at the test's time-out.
test.use({ actionTimeout: 15_000 });

test('filter, sort, page and open a document, then remand it, with the keyboard only', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const resident = await residentBrowser(browser, testInfo.project.use.baseURL);
  await submitApplication(await resident.newPage());
  await resident.close();
  await signInStaff(page, STAFF.clerkKodomo);
  await page.goto('/staff/documents');
  await expect(page.getByRole('heading', { level: 1, name: '申請一覧' })).toBeVisible();

  // The text filter, submitted with Enter.
  const text = page.getByRole('textbox', { name: '申請者名・受付番号' });
  await tabTo(page, text);
  await page.keyboard.type('山田');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/text=/);

  // The status filter: open with the arrow key, choose, close.
  const status = page.getByRole('combobox', { name: '状態' });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  // The list opens on the chosen entry (すべて); the next one is 受付.
  await expect(page.getByRole('option', { name: 'すべて' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: '受付', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toBeFocused();
  await expect(status).toHaveText('受付');
  await tabTo(page, page.getByRole('button', { name: '検索する' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/status=received/);

  // Sorting by reference number (Enter on the column header), kept in the address.
  const sort = page.getByRole('button', { name: /^受付番号/ });
  await tabTo(page, sort);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=reference_number/);
  // The sorted rows have arrived (the previous ones stay, marked busy, while they load).
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: '申請の一覧' })).toHaveAttribute('aria-busy', 'false');

  // The table region scrolls with the keyboard and the first document opens with Enter.
  const link = page.getByRole('table', { name: '申請の一覧' }).getByRole('link').first();
  await tabTo(page, link);
  const reference = (await link.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `申請の詳細：${reference}` })).toBeVisible();

  // Remand: the radio group with arrows, the message, the button.
  const first = page.getByRole('radio', { name: '処理中にする' });
  await tabTo(page, first);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /差し戻す/ })).toBeChecked();
  const message = page.getByRole('textbox', { name: '申請者へのメッセージ' });
  await tabTo(page, message);
  await page.keyboard.type('添付書類が読み取れません。撮り直して提出してください。');
  await tabTo(page, page.getByRole('button', { name: '状態を変更する' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: '概要' })).toContainText('差し戻し中');

  // The focus ring shows where the keyboard is.
  const back = page.getByRole('link', { name: '申請一覧へ戻る' });
  await back.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(back).toBeFocused();
  const outline = await back.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  // Back to the list keeps the filters.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/documents/);
});

test('an administrator deletes a document and undoes it, then deletes it for good', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const resident = await residentBrowser(browser, testInfo.project.use.baseURL);
  // Its own document, found by its reference number (other tests send child allowance claims too).
  const residentPage = await resident.newPage();
  const applicationId = await submitApplication(residentPage);
  const mine = await new ResidentApi(residentPage).get('/api/applicant/applications/');
  const sent = (
    mine.applications as { id: string; procedures: { name: string; reference_number: string }[] }[]
  )
    .find((a) => a.id === applicationId)!
    .procedures.find((p) => p.name === '児童手当 認定請求')!;
  const reference = sent.reference_number;
  await resident.close();
  await signInStaff(page, STAFF.adminKodomo);
  await page.goto(`/staff/documents?procedure_code=child_allowance&status=received&text=${reference}`);
  const table = page.getByRole('table', { name: '申請の一覧' });
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();

  await table.getByRole('checkbox', { name: `受付番号 ${reference} を選択` }).check();
  await page.getByRole('button', { name: '選択した申請を削除（1件）' }).click();
  await page
    .getByRole('dialog', { name: '申請を削除しますか？' })
    .getByRole('button', { name: '削除する' })
    .click();
  await expect(page.getByText('1件の申請の削除を受け付けました。')).toBeVisible();
  await page.getByRole('button', { name: '元に戻す' }).click();
  await expect(page.getByText('削除を取り消しました。')).toBeVisible();
  await page.waitForTimeout(12_000);
  await page.reload();
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();

  await table.getByRole('checkbox', { name: `受付番号 ${reference} を選択` }).check();
  await page.getByRole('button', { name: '選択した申請を削除（1件）' }).click();
  await page
    .getByRole('dialog', { name: '申請を削除しますか？' })
    .getByRole('button', { name: '削除する' })
    .click();
  await expect(page.getByText('1件の申請の削除を受け付けました。')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: '申請一覧' })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0);
        return table.getByRole('link', { name: reference, exact: true }).count();
      },
      { timeout: 40_000, intervals: [3_000] },
    )
    .toBe(0);
});
