// Helpers of the master-tool browser tests.
import { expect, type Page } from '@playwright/test';
import { DEMO, passwordField } from '../support/fixtures';

export const OPERATOR = { login: 'operator', password: 'demo-Password-2026' };

/** Signs the operator in on the production master tool (and, through it, on staging). */
export async function signInOperator(page: Page, path = '/mastertool/') {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'ログインID', exact: true }).fill(OPERATOR.login);
  await passwordField(page).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '自治体一覧' })).toBeVisible();
}

/** Opens the editor of デモ市's 出生・子育て from the municipality list. */
export async function openEditor(page: Page) {
  await page.getByRole('link', { name: 'デモ市' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await page.getByRole('link', { name: '下書きを編集（出生・子育て）' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出生・子育ての編集' })).toBeVisible();
}

/** Opens the question 住所地 in the concierge tab of the editor. */
export async function openResidenceQuestion(page: Page) {
  await page.getByRole('tab', { name: 'コンシェルジュ' }).click();
  await page.getByRole('button', { name: /^住所地/ }).click();
  await expect(page.getByRole('textbox', { name: '質問文', exact: true })).toBeVisible();
}

/** Creates a new group of デモ市 and opens it in the editor. */
export async function newGroup(page: Page, name: string) {
  await page.goto(`/mastertool/municipalities/${DEMO}`);
  await page.getByRole('button', { name: '新しい手続きグループ' }).click();
  const dialog = page.getByRole('dialog', { name: '新しい手続きグループを作成' });
  await dialog.getByRole('textbox', { name: '手続きグループの名前' }).fill(name);
  await dialog.getByRole('button', { name: '作成して編集する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
}

/** What an operator did on a page: pointer clicks, fields typed into, keys pressed, screens passed. */
export interface OperatorCounts {
  clicks: number;
  /** Fields typed into (each field once per stretch of typing). */
  fields: number;
  /** Keys that act (Enter, Space, Tab, arrows, Escape); typed text is counted as fields. */
  keys: number;
  navigations: number;
  /** The routes shown, ids replaced by `:id`. */
  screens: Set<string>;
}

/** Starts counting what a person does on `page` (trusted input only); call before the first `goto`. */
export async function countOperator(page: Page): Promise<OperatorCounts> {
  const counts: OperatorCounts = { clicks: 0, fields: 0, keys: 0, navigations: 0, screens: new Set() };
  await page.exposeBinding('__countOperator', (_source, kind: 'click' | 'field' | 'key') => {
    if (kind === 'click') counts.clicks++;
    else if (kind === 'field') counts.fields++;
    else counts.keys++;
  });
  await page.addInitScript(() => {
    const report = (kind: string) =>
      (window as unknown as { __countOperator: (kind: string) => void }).__countOperator(kind);
    let typingIn: EventTarget | null = null;
    document.addEventListener('pointerdown', (e) => e.isTrusted && report('click'), true);
    document.addEventListener(
      'keydown',
      (e) => e.isTrusted && (e.key.length > 1 || e.key === ' ') && report('key'),
      true,
    );
    document.addEventListener(
      'input',
      (e) => {
        const field = e.target as HTMLInputElement;
        // Ticks and choices are clicks; a field is typed into.
        if (!e.isTrusted || field.type === 'checkbox' || field.type === 'radio' || field === typingIn) return;
        typingIn = field;
        report('field');
      },
      true,
    );
    // A click elsewhere ends the stretch of typing: typing into the same field again counts again.
    document.addEventListener('focusout', () => (typingIn = null), true);
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    counts.navigations++;
    counts.screens.add(new URL(frame.url()).pathname.replace(/\/\d+(?=\/|$)/g, '/:id'));
  });
  return counts;
}

/** The counts as the line an operator journey prints (who: the journey and its issue). */
export const countsLine = (who: string, c: OperatorCounts) =>
  `${who}: ${c.clicks} clicks, ${c.screens.size} screens ` +
  `(${c.fields} fields typed, ${c.keys} keys, ${c.navigations} navigations: ${[...c.screens].join(', ')})`;

const ENVIRONMENTS = {
  staging: { panel: 'panel-staging', name: 'ステージング環境' },
  production: { panel: 'panel-product', name: '本番環境' },
} as const;

/**
 * On a group's 差分の確認と反映 page: reflects to an environment through its confirm dialog (`withDialog`
 * runs while the dialog is open, e.g. axe) and waits for the done message. Returns the panel.
 */
export async function reflectTo(
  page: Page,
  environment: keyof typeof ENVIRONMENTS,
  withDialog: () => Promise<void> = async () => {},
) {
  const { panel, name } = ENVIRONMENTS[environment];
  const section = page.getByTestId(panel);
  await section.getByRole('button', { name: `${name}に反映する` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`${name}に反映しますか`) });
  await expect(dialog).toBeVisible();
  await withDialog();
  await dialog.getByRole('button', { name: `${name}に反映する` }).click();
  await expect(page.getByText(new RegExp(`${name}に反映しました`))).toBeVisible();
  return section;
}

/**
 * The accessible name of an option, checkbox or item heading showing `name` with its `code` as a caption
 * (decision 0056): 「name、code」, with the spaces a browser may put around the pause; `name` '' matches
 * any name. The code ends where the name does (`applicant_last_name` does not match `…_kana`).
 */
export function withCode(code: string, name = ''): RegExp {
  const plain = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${name === '' ? '' : `^${plain(name)}`}\\s*、\\s*${plain(code)}(?![a-z0-9_])`);
}
