// The person-name check on the assistant page (issue 31): a newborn's name with characters a name may not
// hold is named at its field before the page is left, in Japanese and in English, by the same check the
// server runs on every save (decision 0035).
import { applicationAtAssistant } from '../support/application-setup';
import { completeIdentityProvider, DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';

/** The child's name page of the demo group (sub category 4). */
const CHILD = 4;

for (const language of ['ja', 'en'] as const) {
  test(`the child's name with 𠮷 and an emoji is named at its field before leaving the page (${language})`, async ({
    page,
  }) => {
    await page.goto(`/municipalities/${DEMO}/applications`);
    await completeIdentityProvider(page);
    const app = await applicationAtAssistant(page, CHILD);
    if (language === 'en') await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
    await page.goto(`${app.base}/conciergeAssistant?sub=${CHILD}`);
    const words =
      language === 'ja'
        ? { field: '子の名', next: '回答を保存して次へ', error: /名前に使えない文字があります（𠮷 😀）/ }
        : {
            field: "Child's given name",
            next: 'Save answers and continue',
            error: /characters a name cannot use \(𠮷 😀\)/,
          };
    const name = page.getByLabel(words.field, { exact: true });
    await expect(name).toBeVisible();
    await name.fill('𠮷子😀');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/form/')) saves.push(r.url());
    });
    const before = page.url();
    await page.getByRole('button', { name: words.next }).click();
    // The field names the characters and is marked invalid; the page stays and nothing was sent.
    await expect(page.getByRole('main').getByText(words.error).first()).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(page.url()).toBe(before);
    expect(saves).toEqual([]);
    await expectNoAxeViolations(page, `name check (${language})`);

    // Kana passes: the name is no longer named (the page's other unanswered questions still are).
    await name.fill('さくら');
    await page.getByRole('button', { name: words.next }).click();
    await expect(page.getByRole('main').getByText(words.error)).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });
}
