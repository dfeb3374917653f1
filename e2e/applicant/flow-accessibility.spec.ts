// axe (WCAG 2.0/2.1 A and AA, 2.2 AA) on every screen of the flow from the steps explanation to
// identification, at desktop (1280) and phone (390) width, including the states with messages.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { M, pick, startApplication } from './flow-support';

interface Screen {
  name: string;
  /** Path under the application (`{id}` is replaced), or an absolute path. */
  path: string;
  heading: string | RegExp;
  prepare?: (page: Page, id: string) => Promise<void>;
}

const screens: Screen[] = [
  { name: 'steps explanation', path: 'stepsExplanation', heading: '申請の流れ' },
  { name: 'assistant', path: 'conciergeAssistant?sub=3', heading: '申請者' },
  {
    name: 'assistant, scoped out and unanswered',
    path: 'conciergeAssistant?sub=3',
    heading: '申請者',
    prepare: async (page) => {
      await pick(page, /届出人/, 'その他（同居者・医師・助産師など）');
      await expect(page.getByTestId('scoped-out')).toBeVisible();
    },
  },
  {
    name: 'assistant, errors',
    path: 'conciergeAssistant?sub=3',
    heading: '申請者',
    prepare: async (page) => {
      await pick(page, /届出人/, '母');
      await page.getByRole('button', { name: 'この質問が表示される理由' }).first().click();
      // The birth date comes from the card: cleared, it is named as missing.
      await page.getByLabel('生年月日', { exact: true }).fill('');
      await page.getByRole('button', { name: '回答を保存して次へ' }).click();
      await expect(page.getByTestId('error-summary')).toBeVisible();
    },
  },
  { name: 'procedures', path: 'procedures', heading: '申請する手続きの選択' },
  {
    name: 'procedures, nothing chosen',
    path: 'procedures',
    heading: '申請する手続きの選択',
    prepare: async (page) => {
      await page
        .getByRole('group', { name: '申請する手続き' })
        .getByRole('checkbox', { name: '出生届', exact: true })
        .uncheck();
      await page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }).click();
      await expect(page.getByText('申請する手続きを1つ以上選んでください。').first()).toBeVisible();
    },
  },
  { name: 'identification', path: 'identification', heading: '本人確認' },
  {
    name: 'identification, basic four mismatch',
    path: 'identification',
    heading: '本人確認',
    prepare: async (page) => {
      await page.getByRole('radio', { name: /基本4情報/ }).check();
      await page.getByLabel('氏', { exact: true }).fill('山田');
      await page.getByLabel('名', { exact: true }).fill('次郎');
      await page.getByLabel('生年月日', { exact: true }).fill('1988-04-15');
      await page.getByRole('radio', { name: '男性' }).check();
      await page.getByLabel('郵便番号', { exact: true }).fill('9999901');
      await page.getByLabel('住所', { exact: true }).fill('デモ県デモ市中央一丁目2番3号');
      await page.getByRole('button', { name: '照合する' }).click();
      await expect(page.getByTestId('mismatch')).toBeVisible();
    },
  },
  {
    name: 'identification, basic four empty',
    path: 'identification',
    heading: '本人確認',
    prepare: async (page) => {
      await page.getByRole('radio', { name: /基本4情報/ }).check();
      await page.getByRole('button', { name: '照合する' }).click();
      await expect(page.getByText('氏を入力してください。').first()).toBeVisible();
    },
  },
  {
    name: 'identification, personal portal',
    path: 'identification',
    heading: '本人確認',
    prepare: async (page) => {
      await page.getByRole('radio', { name: /^マイナポータル/ }).check();
    },
  },
  {
    name: 'card read help (the card read refused as not recent)',
    path: 'mncAssistance',
    heading: 'マイナンバーカードの読み取り',
  },
  { name: 'sign-in', path: 'signin', heading: 'サインイン' },
  {
    name: 'personal portal progress',
    path: '/mynaportal/getting_self_information?state=x',
    heading: 'マイナポータルから情報を取得しています',
  },
  {
    name: 'personal portal error',
    path: '/mynaportal/error?reason=expired',
    heading: 'マイナポータル連携エラー',
  },
  { name: 'privacy', path: `${M}/privacy`, heading: 'プライバシーポリシー' },
  { name: 'maintenance', path: '/maintenance', heading: 'メンテナンス中' },
];

/** The screens in groups, each group a test of its own (with its own application). */
const groups: [string, Screen[]][] = [
  ['steps and assistant', screens.filter((s) => /steps|assistant/.test(s.name))],
  ['procedures and identification', screens.filter((s) => /procedures|identification|card/.test(s.name))],
  [
    'sign-in, portal, privacy, maintenance',
    screens.filter((s) => /^(sign-in|personal portal|privacy|maintenance)/.test(s.name)),
  ],
];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    for (const [groupName, list] of groups) {
      test(`${groupName}: no axe violations`, async ({ page }) => {
        test.setTimeout(300_000);
        // Procedures chosen already: the procedures screen shows (with questions open, it would send
        // the resident back to them).
        const id = await startApplication(page, {
          resident: { subject: 'demo-resident-0006', pin: '6789', name: '中村 翔' },
          procedures: [1],
        });
        // The application the personal portal screens are about.
        await page.evaluate(
          ([code, applicationId]) =>
            sessionStorage.setItem(
              'portal.mynaportal',
              JSON.stringify({ code, applicationId, startedAt: Date.now() }),
            ),
          [DEMO, id],
        );
        // The card read help shows when the card read is refused (as it is without a card sign-in).
        await page.route('**/identification/jpki/', (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ errors: [{ code: 'conflict', message: 'read your card again' }] }),
          }),
        );
        for (const screen of list) {
          await test.step(screen.name, async () => {
            const path = screen.path.startsWith('/') ? screen.path : `${M}/applications/${id}/${screen.path}`;
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
            await expect(page.getByRole('status').filter({ hasText: '読み込んでいます' })).toHaveCount(0);
            if (screen.prepare) await screen.prepare(page, id);
            await expectNoAxeViolations(page, `${screen.name} at ${width} px`);
            // FLOW_SCREENSHOTS=<folder>: keep a full-page picture of each screen for a look.
            if (process.env.FLOW_SCREENSHOTS) {
              const file = `${screen.name.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`;
              await page.screenshot({ path: `${process.env.FLOW_SCREENSHOTS}/${file}`, fullPage: true });
            }
            if (width === 390) {
              // Nothing wider than the phone.
              const overflow = await page.evaluate(
                () => document.documentElement.scrollWidth - window.innerWidth,
              );
              expect(overflow, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(0);
            }
          });
        }
      });
    }
  });
}
