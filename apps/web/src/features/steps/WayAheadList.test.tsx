// The way ahead renders what the server derived (decision 0042): no step, route or signature it did not
// send, where the resident is marked, what to have at hand in the page's language.
import type { WayAhead } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { WayPrepare, WaySteps } from './WayAheadList';

const ja = createI18n('ja');
const en = createI18n('ja');
beforeAll(() => loadLanguage(en, 'en'));
const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');
const render = (i18n: typeof ja, way: WayAhead) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <WaySteps way={way} texts={undefined} level="h3" />
      <WayPrepare way={way} />
    </I18nextProvider>,
  );

const ahead = (steps: WayAhead['steps'][number]['step'][]) =>
  steps.map((step) => ({ step, state: 'ahead' as const }));

const birth: WayAhead = {
  steps: ahead([
    'filter',
    'sign_in',
    'assistant',
    'procedures',
    'identification',
    'form',
    'attachments',
    'signature',
    'complete',
  ]),
  identification_routes: ['jpki', 'basic_four_information', 'mynaportal'],
  identified_by_sign_in: false,
  signatures: ['handwritten', 'digital'],
  attaches_of: 'group',
  attaches: [{ name: '出生証明書', type: 'OR', en: { name: 'Birth certificate' } }],
  prepare: [
    { kind: 'card_pin' },
    { kind: 'signing_pin' },
    { kind: 'attach', attach: { name: '出生証明書', type: 'OR', en: { name: 'Birth certificate' } } },
  ],
};

const unsigned: WayAhead = {
  steps: ahead([
    'filter',
    'sign_in',
    'assistant',
    'procedures',
    'identification',
    'form',
    'signature',
    'complete',
  ]),
  identification_routes: ['jpki'],
  identified_by_sign_in: false,
  signatures: [],
  attaches_of: 'group',
  attaches: [],
  prepare: [{ kind: 'card_pin' }],
};

describe('WaySteps and WayPrepare', () => {
  it('show デモ市’s group: the filter first, every route, both signatures, the card’s PINs and the document', () => {
    const text = textOf(render(ja, birth));
    expect(text).toMatch(/^1申請できるか確かめる/);
    expect(text).toContain(
      'マイナンバーカード、基本4情報（氏名・生年月日・性別・住所）、またはマイナポータルで本人確認をします。',
    );
    expect(text).toContain(
      'マイナンバーカードでサインインした場合は、カードをもう一度読み取る必要はありません。',
    );
    expect(text).toContain('手書きの署名が必要な手続きでは');
    expect(text).toContain('電子署名が必要な手続きでは、マイナンバーカードで電子署名をします');
    expect(text).toContain('利用者証明用電子証明書の暗証番号（数字4桁）');
    expect(text).toContain('署名用電子証明書の暗証番号（英数字6〜16桁）');
    expect(text).toContain('出生証明書の画像（写真またはスキャン）');
    expect(text).toContain('書類は、申請する手続きに必要なものだけを登録します。');
  });

  it('promise no signature and no switched-off route to a group without them', () => {
    const text = textOf(render(ja, unsigned));
    expect(text).not.toContain('電子署名');
    expect(text).not.toContain('署名用電子証明書');
    expect(text).not.toContain('基本4情報');
    expect(text).not.toContain('マイナポータル');
    expect(text).not.toContain('添付書類');
    expect(text).toContain('内容の確認と送信');
    expect(text).toContain('この申請に署名は必要ありません。');
    expect(text).toContain('マイナンバーカードで本人確認をします。');
  });

  it('marks where the resident is, and that the sign-in’s card identifies', () => {
    const way: WayAhead = {
      ...birth,
      attaches_of: 'chosen',
      identified_by_sign_in: true,
      steps: birth.steps.map((s, i) => ({ ...s, state: i < 2 ? 'done' : i === 2 ? 'current' : 'ahead' })),
      prepare: [{ kind: 'signing_pin' }],
    };
    const html = render(ja, way);
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(textOf(html)).toContain('質問に答える（現在の段階）');
    expect(textOf(html)).toContain('サインイン（済み）');
    expect(textOf(html)).toContain('カードをもう一度読み取る必要はありません。');
    expect(textOf(html)).not.toContain('数字4桁）');
    // The chosen procedures' signatures: said without 「…が必要な手続きでは」.
    expect(textOf(html)).toContain('内容を確認し、マイナンバーカードで電子署名をします。');
  });

  it('speak English on an English page, a Japanese-only document name marked lang="ja"', () => {
    const html = render(en, {
      ...unsigned,
      prepare: [{ kind: 'attach', attach: { name: '母子手帳', type: 'PH' } }],
    });
    expect(textOf(html)).toContain('Check that you can apply');
    expect(textOf(html)).toContain('Identify yourself with your My Number Card.');
    expect(textOf(html)).toContain('No signature is needed.');
    expect(html).toContain('<span lang="ja">母子手帳</span>');
  });
});
