// The clerk sees what the resident saw (issue 32, item 3), at 1280 px: the demo resident sends a child
// allowance claim with his birth date, postal code and address unlike his My Number Card; the clerk opens
// the document and finds the same count the resident's review gave, each flagged answer with what was
// entered and what the card holds (in words, not colour alone), the summary's links moving the focus to
// each flag; the source chip stays on values that came from the card unchanged. axe clean.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, residentBrowser, signInResident, submitSignedIn } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

const M = '/api/municipalities/999999';
/** demo-resident-0001's basic four facts, as he identifies with them (packages/demo). */
const REGISTRY = {
  last_name: '山田',
  first_name: '太郎',
  birth_date: '1988-04-15',
  sex: 'male',
  postal_code: '9999901',
  address: 'デモ県デモ市中央一丁目2番3号',
};
/** What he types: his names as on the card, his birth date, postal code and address not. */
const TYPED = {
  applicant_last_name: '山田',
  applicant_first_name: '太郎',
  applicant_last_name_kana: 'ヤマダ',
  applicant_first_name_kana: 'タロウ',
  applicant_birth_date: '1988-05-15',
  applicant_postal_code: '9999902',
  applicant_address: 'デモ県デモ市中央一丁目2番4号',
};

test('the clerk sees the answers that differ from the card, with both values', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const resident = await signInResident(await residentContext.newPage());
  const applicationId = await submitSignedIn(resident, 'child_allowance', {
    registry: REGISTRY,
    names: TYPED,
  });
  // What the resident's review flagged: the same rule on the form values' verified values.
  const saved = (await resident.get(`${M}/applications/${applicationId}/form/values/`)) as {
    items: { code: string; verified: string | null }[];
  };
  expect(saved.items.find((i) => i.code === 'applicant_birth_date')?.verified).toBe(REGISTRY.birth_date);
  await residentContext.close();

  await signInStaff(page, STAFF.clerkKodomo);
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=child_allowance&page_size=all`,
  );
  const document = (listed.documents as { id: string; application_id: string }[]).find(
    (d) => d.application_id === applicationId,
  )!;
  await page.goto(`/staff/documents/${document.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The summary above the answers, in the resident's words, with a link to each flagged item.
  const summary = page.getByTestId('answers-mismatch-summary');
  await expect(summary).toContainText('マイナンバーカードや住民記録の情報と異なる項目が 3 件あります。');
  for (const name of ['生年月日', '郵便番号', '住所']) {
    await expect(summary.getByRole('link', { name, exact: true })).toBeVisible();
  }

  // Each flag: the marker in words, what was entered and what the card holds.
  const birth = page.getByTestId('answer-mismatch-applicant_birth_date-1');
  await expect(birth).toContainText('確認元と異なります');
  await expect(birth).toContainText('入力：1988年5月15日');
  await expect(birth).toContainText('マイナンバーカード：1988年4月15日');
  await expect(page.getByTestId('answer-mismatch-applicant_postal_code-1')).toContainText(
    'マイナンバーカード：〒999-9901',
  );
  await expect(page.getByTestId('answer-mismatch-applicant_address-1')).toContainText(
    `マイナンバーカード：${REGISTRY.address}`,
  );
  await expect(page.locator('[data-testid^="answer-mismatch-applicant_"]')).toHaveCount(3);
  // Read as a note by screen readers.
  await expect(birth).toHaveAttribute('role', 'note');

  // The summary's link moves the focus to the flag (keyboard).
  await summary.getByRole('link', { name: '生年月日', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(birth).toBeFocused();

  // The typed birth date did not come from the card: no source chip beside it.
  await expect(birth.locator('..').locator('[data-source]')).toHaveCount(0);

  await expectNoAxeViolations(page, 'document detail with difference flags');
});
