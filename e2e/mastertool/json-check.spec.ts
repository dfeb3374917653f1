// Issue 19 item 4, the expert path: a JSON field is checked as the operator types. A syntax error is
// named at its line and column at once; a problem of the contract's shape at its line after a pause,
// before any save; a save with a syntax error names the same place in the summary and stores nothing.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { openEditor, signInOperator } from './support';

test('a JSON field names each problem at its line as the operator types', async ({ page }) => {
  await signInOperator(page);
  await openEditor(page);
  // The expert JSON of the items sits folded in their own tab (decision 0055).
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  await page.getByRole('button', { name: 'JSONで編集する（上級者向け）' }).click();
  const items = page.getByRole('textbox', { name: '標準項目', exact: true });

  await items.fill('[\n  {"code": "a"}\n  {"code": "b"}\n]');
  const comma = '3行目 3文字目: ここにカンマ（,）が必要です。';
  await expect(page.getByText(comma)).toBeVisible();
  await expect(items).toHaveAttribute('aria-invalid', 'true');
  await expect(items).toHaveAccessibleDescription(comma);

  // Valid JSON with an item that lacks its required keys: the object's line, without saving.
  await items.fill('[\n  {\n    "code": "a"\n  }\n]');
  await expect(page.getByText(comma)).toHaveCount(0);
  await expect(page.getByText(/^2行目: 値が正しくありません/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'expert JSON of the items with problems');

  // Saving while the text is not JSON: the summary names the place, nothing is sent.
  await items.fill('[\n  {"code": "a",}\n]');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/procedure-group/')) sent++;
  });
  await page.getByRole('button', { name: '下書きを保存', exact: true }).click();
  await expect(page.getByText(/2行目 \d+文字目: /).first()).toBeVisible();
  expect(sent).toBe(0);
});
