// The public applicant screens, checked by axe (WCAG 2.0/2.1 A and AA, 2.2 AA) at desktop and phone size.
// The flow's screens are checked in flow-accessibility and form-*.spec.ts; staff and master-tool screens
// in their own folders.
import type { Page } from '@playwright/test';
import {
  DEMO,
  GROUP,
  completeIdentityProvider,
  expect,
  expectNoAxeViolations,
  test,
} from '../support/fixtures';

interface Screen {
  name: string;
  path: string;
  /** Text of the h1 once the screen has its data. */
  heading: string | RegExp;
  /** Something to do before checking (e.g. make an error show). */
  prepare?: (page: Page) => Promise<void>;
  language?: 'en';
}

const filter = `/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`;

const publicScreens: Screen[] = [
  { name: 'home', path: `/municipalities/${DEMO}`, heading: 'デモ市のオンライン申請' },
  {
    name: 'home (English)',
    path: `/municipalities/${DEMO}`,
    heading: 'Online applications: Demo City',
    language: 'en',
  },
  {
    name: 'entrance',
    path: `/municipalities/${DEMO}/entrance?procedure_group_id=${GROUP}`,
    heading: '出生・子育ての申請を始める',
  },
  {
    name: 'entrance, terms not agreed',
    path: `/municipalities/${DEMO}/entrance?procedure_group_id=${GROUP}`,
    heading: '出生・子育ての申請を始める',
    prepare: async (page) => {
      await page.getByRole('button', { name: '申請を始める' }).click();
      await expect(page.getByText('申請を始めるには、利用規約への同意が必要です。')).toBeVisible();
    },
  },
  { name: 'filter', path: filter, heading: 'あなたに必要な手続きを確認します' },
  {
    name: 'filter, unanswered',
    path: filter,
    heading: 'あなたに必要な手続きを確認します',
    prepare: async (page) => {
      await page.getByRole('button', { name: '回答を確認する' }).click();
      await expect(page.getByText('この質問に答えてください。')).toBeVisible();
    },
  },
  {
    name: 'filter, applicable procedures',
    path: `${filter}&answers=1-3-5-8`,
    heading: 'あなたに必要な手続きを確認します',
    prepare: async (page) => {
      await expect(page.getByRole('region', { name: 'あなたが申請できる手続き' })).toBeVisible();
    },
  },
  {
    name: 'filter, scoped out (English)',
    path: `${filter}&answers=1-4`,
    // The configuration's own English title (decision 0009).
    heading: 'Find out which procedures you need',
    language: 'en',
    prepare: async (page) => {
      await expect(page.getByTestId('scoped-out')).toContainText('This cannot be applied for online');
      // Answers from the address are confirmed on open: wait for the server's answer.
      await expect(page.getByRole('button', { name: 'Check my answers' })).toBeEnabled();
    },
  },
  { name: 'terms', path: `/municipalities/${DEMO}/terms`, heading: 'デモ市オンライン申請 利用規約' },
  { name: 'privacy', path: `/municipalities/${DEMO}/privacy`, heading: 'プライバシーポリシー' },
  { name: 'maintenance', path: '/maintenance', heading: 'メンテナンス中' },
  {
    name: 'miid temporary (opened without a code)',
    path: '/miid/temporary',
    heading: '署名アプリからの戻り',
  },
  {
    name: 'personal portal error (no layout)',
    path: '/mynaportal/error',
    heading: 'マイナポータル連携エラー',
  },
  { name: 'not found', path: '/no/such/page', heading: 'ページが見つかりません' },
  { name: 'error 404', path: '/error?status=404', heading: 'ページが見つかりません' },
  { name: 'error 500', path: '/error?status=500', heading: 'エラーが発生しました' },
  { name: 'staff sign-in', path: '/staff/login', heading: '職員サインイン' },
  {
    name: 'master-tool sign-in (English)',
    path: '/mastertool/login',
    heading: 'Master tool sign-in',
    language: 'en',
  },
];

const viewports = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  test.describe(`${viewport.label} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const screen of publicScreens) {
      test(`${screen.name} has no axe violations`, async ({ page }) => {
        await page.addInitScript((language) => {
          try {
            localStorage.setItem('portal.language', language);
          } catch {
            // about:blank and other origins have no storage.
          }
        }, screen.language ?? 'ja');
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 }), screen.name).toHaveText(screen.heading);
        await screen.prepare?.(page);
        await expectNoAxeViolations(page, `${screen.name} (${viewport.label})`);
      });
    }

    test('signed-in screens have no axe violations', async ({ page }) => {
      await page.goto(`/municipalities/${DEMO}/applications`);
      await completeIdentityProvider(page, { subject: 'demo-resident-0006', pin: '6789', name: '中村 翔' });
      await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
      await expectNoAxeViolations(page, `applications (${viewport.label})`);
    });
  });
}
