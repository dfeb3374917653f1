// Deadlines on staff screens (decision 0019): the words of the list's column and the detail, in both
// languages, and the dashboard's overdue counts per department.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { DeadlineText, OverdueFilter } from './DeadlineText';
import { overdueCounts } from './overdue-counts';

const DUE = '2026-12-08T15:00:00.000Z'; // the deadline day is 2026-12-09 in Japan
const at = (iso: string) => new Date(iso);

/** The text a reader gets, tags and Emotion's <style> removed. */
const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

async function render(element: React.ReactElement, language: 'ja' | 'en' = 'ja') {
  const i18n = createI18n('ja', [staffMessages]);
  if (language === 'en') await changeLanguage(i18n, 'en', undefined);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

describe('DeadlineText', () => {
  it('words days left, today and overdue in Japan days (ja)', async () => {
    const cases: [string, string][] = [
      ['2026-12-06T03:00:00Z', 'あと3日'],
      ['2026-12-08T14:59:00Z', 'あと1日'], // 23:59 in Japan on 12-08
      ['2026-12-09T14:59:00Z', '今日まで'],
      ['2026-12-09T15:00:00Z', '1日超過'], // midnight in Japan
      ['2026-12-11T03:00:00Z', '2日超過'],
    ];
    for (const [now, words] of cases) {
      expect(textOf(await render(<DeadlineText dueAt={DUE} status="received" now={at(now)} />)), now).toBe(
        words,
      );
    }
  });

  it('words them in English with plurals', async () => {
    const words = async (now: string) =>
      textOf(await render(<DeadlineText dueAt={DUE} status="in_progress" now={at(now)} />, 'en'));
    expect(await words('2026-12-06T03:00:00Z')).toBe('3 days left');
    expect(await words('2026-12-08T03:00:00Z')).toBe('1 day left');
    expect(await words('2026-12-09T03:00:00Z')).toBe('Due today');
    expect(await words('2026-12-10T03:00:00Z')).toBe('1 day overdue');
    expect(await words('2026-12-12T03:00:00Z')).toBe('3 days overdue');
  });

  it('marks overdue with an icon hidden from screen readers, never by colour alone', async () => {
    const html = await render(
      <DeadlineText dueAt={DUE} status="resubmitted" now={at('2026-12-11T03:00:00Z')} />,
    );
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(textOf(html)).toBe('2日超過');
  });

  it('shows a dash with 「期限なし」 for screen readers when none runs (no days, remanded, settled)', async () => {
    for (const [dueAt, status] of [
      [null, 'received'],
      [DUE, 'remanded'],
      [DUE, 'completed'],
      [DUE, 'withdrawn'],
    ] as const) {
      const html = await render(
        <DeadlineText dueAt={dueAt} status={status} now={at('2026-12-20T03:00:00Z')} />,
      );
      expect(html, status).toMatch(/<span aria-hidden="true">—<\/span>/);
      expect(textOf(html), status).toBe('—期限なし');
    }
  });

  it('names the deadline day on the detail, in the page language', async () => {
    const now = at('2026-12-06T03:00:00Z');
    expect(textOf(await render(<DeadlineText dueAt={DUE} status="received" now={now} withDate />))).toBe(
      '2026/12/09まで（あと3日）',
    );
    expect(
      textOf(await render(<DeadlineText dueAt={DUE} status="received" now={now} withDate />, 'en')),
    ).toBe('By 9 Dec 2026 (3 days left)');
    expect(textOf(await render(<DeadlineText dueAt={null} status="received" now={now} withDate />))).toBe(
      '期限なし',
    );
  });
});

describe('OverdueFilter', () => {
  it('is a labelled checkbox described by what it does', async () => {
    const html = await render(<OverdueFilter checked onChange={() => {}} />);
    expect(html).toMatch(/<input[^>]*id="filter-overdue"/);
    expect(html).toMatch(/aria-describedby="filter-overdue-help"/);
    expect(html).toMatch(/checked=""/);
    expect(textOf(html)).toBe('期限超過のみ処理期限を過ぎた申請だけを表示します');
  });
});

describe('overdueCounts', () => {
  const departments = [
    { id: 1, name: '市民課' },
    { id: 2, name: 'こども家庭課' },
  ];

  it('lists every department seen, 0 where none is overdue, and documents of no department last', () => {
    expect(
      overdueCounts(departments, [
        { department_id: 2, count: 4 },
        { department_id: null, count: 1 },
      ]),
    ).toEqual([
      { departmentId: 1, name: '市民課', count: 0 },
      { departmentId: 2, name: 'こども家庭課', count: 4 },
      { departmentId: null, name: null, count: 1 },
    ]);
    expect(overdueCounts(departments, [])).toEqual([
      { departmentId: 1, name: '市民課', count: 0 },
      { departmentId: 2, name: 'こども家庭課', count: 0 },
    ]);
  });
});
