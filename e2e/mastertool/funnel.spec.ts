// Where residents give up (decision 0053): the operator's funnel of a group after residents stop and
// finish, read with the keyboard, with axe at desktop and phone widths.
import { applicationAtAssistant, signInResident } from '../support/application-setup';
import { DEMO, expect, expectNoAxeViolations, GROUP, test } from '../support/fixtures';
import { residentBrowser, submittedByResident } from '../support/resident';
import { signInOperator } from './support';

test('the operator sees how many applications reached each step and question page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // One resident stops at the second question page; another finishes.
  const stopping = await residentBrowser(browser, baseURL);
  try {
    const resident = await stopping.newPage();
    await signInResident(resident);
    await applicationAtAssistant(resident, 1);
  } finally {
    await stopping.close();
  }
  await submittedByResident(browser, baseURL);

  await signInOperator(page);
  await page.goto(`/mastertool/municipalities/${DEMO}`);
  // From the group's row to its funnel with the keyboard.
  const link = page.getByRole('link', { name: /^途中離脱（/ }).first();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/procedure-groups/${GROUP}/funnel$`));
  await expect(page.getByRole('heading', { level: 1, name: /の途中離脱$/ })).toBeVisible();
  const table = page.getByRole('table', { name: /各段階まで進んだ申請の件数/ });
  await expect(table).toBeVisible();
  const count = async (name: string | RegExp) =>
    Number(await table.getByRole('row', { name }).first().getByRole('cell').first().textContent());
  expect(await count(/^事前確認/)).toBeGreaterThanOrEqual(2);
  expect(await count(/^質問ページ：/)).toBeGreaterThanOrEqual(2);
  expect(await count(/^完了/)).toBeGreaterThanOrEqual(1);
  expect(await count(/^事前確認/)).toBeGreaterThan(await count(/^完了/));
  // The version picker opens and chooses with the keyboard.
  const picker = page.getByRole('combobox', { name: '公開した版' });
  await picker.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page, 'funnel with the version list open');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(picker).toBeFocused();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await expectNoAxeViolations(page, `funnel at ${width}`);
  }
});
