// Server-side rendering of a procedure's check messages on the procedures screen: information only.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { ProcedureCheckMessages } from './ProcedureCheckMessages';
import type { ProcedureView } from './procedures';

const birth: ProcedureView = {
  id: 1,
  code: 'birth',
  name: '出生届',
  sequence: 0,
  remarks: null,
  is_confirmed: true,
  printed_copies: 1,
  check_messages: [
    '入力した内容が、出生証明書の記載と一致していることを確認しました。',
    '届出人の署名は本人が行います。',
  ],
  en: {
    check_messages: ['I have checked that what I entered matches the birth certificate.', ''],
  },
  procedural_rules: [],
  workflow_template_id: null,
  is_signature_digital_certificate: false,
  department_code: null,
  procedure_fragments: [],
};

const ja = createI18n('ja');
const en = createI18n('ja');
beforeAll(() => loadLanguage(en, 'en'));
const render = (i18n: typeof ja) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ProcedureCheckMessages procedure={birth} />
    </I18nextProvider>,
  );

// The text of some markup, without its tags and the styles Emotion puts inline when rendering on a server.
const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

describe('ProcedureCheckMessages', () => {
  it('is a heading and a real list, one item per message, with no checkbox', () => {
    const html = render(ja);
    expect(html).toMatch(/<h3[^>]*id="procedure-1-checks-heading"[^>]*>送信の前に確認していただくこと<\/h3>/);
    expect(html).toMatch(/<ul[^>]*id="procedure-1-checks"[^>]*aria-labelledby="procedure-1-checks-heading"/);
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => textOf(m[1] ?? ''));
    expect(items).toEqual(birth.check_messages);
    expect(html).toContain('申請を送信する前の画面で、1つずつチェックを入れて確認します。');
    expect(html).not.toContain('checkbox');
    expect(html).not.toContain('<input');
  });

  it('shows the English of each message, and the Japanese marked lang="ja" where there is none', () => {
    const html = render(en);
    expect(html).toContain('What you confirm before sending');
    expect(html).toContain('I have checked that what I entered matches the birth certificate.');
    expect(html).toContain('<span lang="ja">届出人の署名は本人が行います。</span>');
  });
});
