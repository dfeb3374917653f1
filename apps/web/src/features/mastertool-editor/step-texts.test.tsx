// The 申請者への案内文 tab (decision 0028): texts written into and removed from the draft without leaving
// empty parts behind, the defaults as placeholders, problems as typed, and the tab rendered.
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { problemPlace } from './problem-text';
import { StepTextsPreview } from './StepTextsPreview';
import { StepTextsTab } from './StepTextsTab';
import { defaultStepText, setStepText, stepText, stepTextPath, stepTextProblem } from './step-texts';
import { partsNotSavedAsSent } from './saved-as-sent';
import { tabOf, validateDraft } from './validation';

const i18n = createI18n('ja', [mastertoolMessages]);
// A copy: the demo group is one shared object.
const demo = () => demoProcedureGroup();
const t = i18n.t;

describe('step texts in the draft', () => {
  it('writes a text and its English, and removes every emptied part again', () => {
    const config = demo();
    const before = structuredClone(config);
    setStepText(config, 'steps_intro', 'ja', '転入の申請です。');
    setStepText(config, 'assistant', 'ja', '新しい住所について答えます。');
    setStepText(config, 'assistant', 'en', 'Answer about your new address.');
    expect(config.resident_texts).toEqual({
      steps_intro: '転入の申請です。',
      steps: { assistant: '新しい住所について答えます。' },
      en: { steps: { assistant: 'Answer about your new address.' } },
    });
    expect(stepText(config, 'assistant', 'en')).toBe('Answer about your new address.');
    expect(validateDraft(config)).toEqual([]);
    for (const place of ['steps_intro', 'assistant'] as const) {
      setStepText(config, place, 'en', '');
      setStepText(config, place, 'ja', '');
    }
    // Back to the defaults: the draft is the one it was, so nothing reads as "not saved as sent".
    expect(config).toEqual(before);
    expect('resident_texts' in config).toBe(false);
    expect(partsNotSavedAsSent(config, before)).toEqual([]);
  });

  it('shows the built-in texts as defaults, in each language, filled in', () => {
    const config = demo();
    expect(defaultStepText(config, 'steps_intro', 'ja')).toBe(
      `「${config.name}」の申請は、次の順に進みます。入力した内容はその都度保存され、途中でやめても続きから再開できます。`,
    );
    expect(defaultStepText(config, 'steps_intro', 'en')).toContain(`"${config.en?.name}"`);
    // The default fits any group (a 転入届 too): it names no child.
    expect(defaultStepText(config, 'assistant', 'ja')).toBe(
      '申請の内容について、いくつかの質問に答えます。回答に応じて必要な入力項目が決まります。',
    );
    expect(defaultStepText(config, 'assistant', 'en')).not.toMatch(/child/i);
    expect(defaultStepText(config, 'completion_next', 'ja').split('\n')).toHaveLength(3);
    expect(defaultStepText(config, 'completion_next', 'en')).not.toContain('{{');
  });

  it('names problems as typed and at their place, on the tab', () => {
    const config = demo();
    setStepText(config, 'form', 'ja', '<b>必ず</b>');
    setStepText(config, 'completion_next', 'en', 'English only');
    expect(stepTextProblem(t, config, 'form', 'ja')).toBe(t('mastertoolStepTexts.notPlain'));
    expect(stepTextProblem(t, config, 'completion_next', 'en')).toBe(t('mastertoolStepTexts.englishAlone'));
    expect(stepTextProblem(t, config, 'steps_intro', 'ja')).toBeNull();
    const problems = validateDraft(config).map((p) => p.path);
    expect(problems).toEqual([stepTextPath('form', 'ja'), stepTextPath('completion_next', 'en')]);
    expect(problems.map(tabOf)).toEqual(['texts', 'texts']);
    expect(problemPlace(t, config, 'resident_texts.steps.form')).toBe(
      '申請者への案内文 › 「申請内容の入力」の説明',
    );
    expect(problemPlace(t, config, 'resident_texts.en.completion_next')).toBe(
      '申請者への案内文 › 「このあとの流れ」の説明（英語）',
    );
  });
});

describe('StepTextsTab', () => {
  const render = (config = demo()) =>
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <StepTextsTab config={config} edit={() => {}} />
      </I18nextProvider>,
    );

  it('has a field per text and language, each showing its default as placeholder', () => {
    const html = render();
    const config = demo();
    expect(html.match(/<textarea[^>]*id="f-resident_texts/g)).toHaveLength(2 * 9);
    expect(html).toContain(`placeholder="${defaultStepText(config, 'identification', 'ja')}"`);
    expect(html).toContain('lang="en"');
    expect(html).toContain('標準の文を表示しています。');
    expect(html).not.toContain('この手続きグループ用の文を表示しています。');
  });

  it("says where the group's own text is shown and offers the way back", () => {
    const config = demo();
    setStepText(config, 'steps_intro', 'ja', '転入の申請です。');
    const html = render(config);
    expect(html).toContain('この手続きグループ用の文を表示しています。');
    expect(html).toContain('>転入の申請です。</textarea>');
    expect(html.match(/aria-label="[^"]*を標準の文に戻す"/g)).toHaveLength(9);
  });
});

describe('StepTextsPreview', () => {
  it("shows the group's texts where it words them and the defaults elsewhere", () => {
    const config = demo();
    setStepText(config, 'steps_intro', 'ja', '転入の申請です。');
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <StepTextsPreview config={config} />
      </I18nextProvider>,
    );
    expect(html).toContain('転入の申請です。');
    expect(html).not.toContain('次の順に進みます');
    expect(html).toContain(defaultStepText(config, 'assistant', 'ja'));
    expect(html).toContain('市区町村の担当課が');
  });
});
