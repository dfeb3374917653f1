// A failed job tells the clerk why in the app's words: interrupted (start again) or failed.
import type { Job } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../i18n';
import { staffMessages } from '../i18n/parts/staff';
import { JobProgress } from './JobProgress';

const failed: Job = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'export',
  status: 'failed',
  progress: 40,
  created_at: '2026-11-25T00:00:00.000Z',
  finished_at: '2026-11-25T00:01:00.000Z',
  error: 'its process stopped on each of 3 attempts',
  failure: 'interrupted',
  documents: [],
};

const ja = createI18n('ja', [staffMessages]);
const en = createI18n('ja', [staffMessages]);
beforeAll(() => loadLanguage(en, 'en'));
const render = (i18n: typeof ja, job: Job) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <JobProgress job={job} label="出力" />
    </I18nextProvider>,
  );

describe('JobProgress', () => {
  it('says an interrupted job was interrupted and can be started again, never the server text', () => {
    const html = render(ja, failed);
    expect(html).toContain('処理が中断されました');
    expect(html).toContain('もう一度作成してください');
    expect(html).not.toContain('its process stopped');
    expect(render(en, failed)).toContain('The work was interrupted');
  });

  it('gives the reason of a refusal of the data, written for staff (a character no PDF font has)', () => {
    const reason = 'PDFを作成できません：「子の名」の「😀」（U+1F600）はPDFのフォントにない文字のため…';
    const html = render(ja, { ...failed, failure: 'invalid', error: reason });
    expect(html).toContain('申請の内容のため作成できませんでした');
    expect(html).toContain('「子の名」の「😀」（U+1F600）');
    expect(render(en, { ...failed, failure: 'invalid', error: reason })).toContain(
      'because of what the application holds',
    );
  });

  it('says a job that failed on its own could not be made', () => {
    const html = render(ja, { ...failed, failure: 'error', error: 'disk full' });
    expect(html).toContain('作成できませんでした');
    expect(html).not.toContain('中断');
    expect(html).not.toContain('disk full');
  });
});
