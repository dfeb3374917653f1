// A group's own texts on 申請の流れ and the completion page (decision 0028): the default where there is
// none, the group's where there is, its English on an English page, else the Japanese marked lang="ja".
import type { ResidentTexts } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { NextSteps } from './screens/CompleteScreen';
import { createI18n, loadLanguage } from '../../lib/i18n';
import { applicantFormMessages } from '../../lib/i18n/parts/applicant-form';
import { ResidentText, residentText } from '../../lib/application/resident-texts';

const texts: ResidentTexts = {
  steps_intro: '転入届の申請は、次の順に進みます。',
  steps: { assistant: '新しい住所について答えます。', form: '  ' },
  completion_next: '住民票の写しは窓口で受け取れます。\n本人確認書類をお持ちください。',
  en: { steps_intro: 'Moving in goes through these steps.', steps: { assistant: '' } },
};

const ja = createI18n('ja', [applicantFormMessages]);
const en = createI18n('ja', [applicantFormMessages]);
beforeAll(() => loadLanguage(en, 'en'));
const render = (i18n: typeof ja, node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
// The text of some markup, without its tags and the styles Emotion puts inline when rendering on a server.
const textOf = (html: string) => html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

describe('residentText', () => {
  it('is null where the group words nothing (none, absent or blank): the default is shown', () => {
    expect(residentText(undefined, 'steps_intro', 'ja')).toBeNull();
    expect(residentText({}, 'completion_next', 'en')).toBeNull();
    expect(residentText(texts, 'procedures', 'ja')).toBeNull();
    expect(residentText(texts, 'form', 'ja')).toBeNull();
    // English alone does not replace the default.
    expect(residentText({ en: { steps_intro: 'Only English' } }, 'steps_intro', 'en')).toBeNull();
  });

  it("is the group's Japanese on a Japanese page, its English on an English page, else the Japanese", () => {
    expect(residentText(texts, 'steps_intro', 'ja')).toEqual({ text: texts.steps_intro, lang: 'ja' });
    expect(residentText(texts, 'steps_intro', 'en')).toEqual({
      text: 'Moving in goes through these steps.',
      lang: 'en',
    });
    expect(residentText(texts, 'assistant', 'en')).toEqual({
      text: '新しい住所について答えます。',
      lang: 'ja',
    });
    expect(residentText(texts, 'completion_next', 'en')?.lang).toBe('ja');
  });
});

describe('ResidentText', () => {
  it('renders the default, the configured text, or the Japanese marked lang="ja" on an English page', () => {
    const intro = (i18n: typeof ja, of: ResidentTexts | undefined) =>
      render(i18n, <ResidentText texts={of} place="steps_intro" fallback="DEFAULT" />);
    expect(intro(ja, undefined)).toBe('DEFAULT');
    expect(intro(ja, texts)).toBe('転入届の申請は、次の順に進みます。');
    expect(intro(en, texts)).toBe('Moving in goes through these steps.');
    expect(render(en, <ResidentText texts={texts} place="assistant" fallback="DEFAULT" />)).toBe(
      '<span lang="ja">新しい住所について答えます。</span>',
    );
  });
});

describe('NextSteps on the completion page', () => {
  it('lists the default next steps where the group words none', () => {
    const html = render(ja, <NextSteps texts={undefined} municipality="デモ市" />);
    expect(html).toContain('このあとの流れ');
    expect(html).toContain('デモ市の担当課が、受け付けた順に申請内容を確認します。');
    expect(html).toContain('<ol');
    expect(html).not.toContain('complete-next-text');
  });

  it("shows the group's text instead of the list, lines kept, and the contact line after it", () => {
    const html = render(ja, <NextSteps texts={texts} municipality="デモ市" />);
    expect(html).not.toContain('<ol');
    expect(textOf(html)).toContain('住民票の写しは窓口で受け取れます。\n本人確認書類をお持ちください。');
    expect(html).toContain('white-space:pre-line');
    expect(html).toContain('受付番号を伝えてデモ市の窓口に問い合わせてください。');
    const english = render(en, <NextSteps texts={texts} municipality="Demo City" />);
    expect(english).toContain('What happens next');
    expect(english).toContain('<span lang="ja">住民票の写しは窓口で受け取れます。');
  });
});
