// Issue 32 item 4 on the staff screens: who moved a step and when (「承認：山田 花子（11月28日 14:03）」), the
// list's 担当者 cell, in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { AssigneeText } from './DocumentsScreen';
import { actedText, shortDateTime } from './WorkflowSection';

const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');
const NOW = new Date('2026-11-30T00:00:00Z');
const AT = '2026-11-28T05:03:00.000Z'; // 14:03 in Japan

async function i18nIn(language: 'ja' | 'en') {
  const i18n = createI18n('ja', [staffMessages]);
  if (language === 'en') await changeLanguage(i18n, 'en', undefined);
  return i18n;
}

describe('who moved a step', () => {
  it('words the act, the name and the Japan time', async () => {
    const { t } = await i18nIn('ja');
    const step = { status: 'approved' as const, acted_by_name: '山田 花子', acted_at: AT };
    expect(actedText(t, step, 'ja', NOW)).toBe('承認：山田 花子（11月28日 14:03）');
    expect(actedText(t, { ...step, status: 'returned' }, 'ja', NOW)).toBe(
      'やり直しを依頼：山田 花子（11月28日 14:03）',
    );
    expect(actedText(t, { ...step, status: 'in_progress', acted_by_name: null }, 'ja', NOW)).toBe(
      '開始：（削除された職員）（11月28日 14:03）',
    );
    expect(actedText(t, { ...step, acted_at: null }, 'ja', NOW)).toBeNull();
  });

  it('in English, and with the year when it is not this year', async () => {
    const { t } = await i18nIn('en');
    const step = { status: 'approved' as const, acted_by_name: 'Hanako Yamada', acted_at: AT };
    expect(actedText(t, step, 'en', NOW)).toBe('Approved: Hanako Yamada (28 November at 14:03)');
    expect(shortDateTime(AT, 'ja', new Date('2027-01-05T00:00:00Z'))).toBe('2026年11月28日 14:03');
  });
});

describe('AssigneeText (the list’s 担当者)', () => {
  const step = {
    id: '00000000-0000-4000-8000-000000000001',
    sequence: 1,
    name: '受付',
    status: 'pending' as const,
    user_id: '00000000-0000-4000-8000-000000000002',
    user_name: '伊藤 翔太',
  };
  const render = async (element: React.ReactElement, language: 'ja' | 'en' = 'ja') =>
    textOf(renderToStaticMarkup(<I18nextProvider i18n={await i18nIn(language)}>{element}</I18nextProvider>));

  it('names the assignee, says 未割当て, or reads a dash as 進める段階なし', async () => {
    expect(await render(<AssigneeText step={step} />)).toBe('伊藤 翔太');
    expect(await render(<AssigneeText step={{ ...step, user_id: null, user_name: null }} />)).toBe(
      '未割当て',
    );
    expect(await render(<AssigneeText step={null} />)).toBe('—進める段階なし');
    expect(await render(<AssigneeText step={{ ...step, user_id: null, user_name: null }} />, 'en')).toBe(
      'Unassigned',
    );
  });
});
