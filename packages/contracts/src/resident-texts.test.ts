import { describe, expect, it } from 'vitest';
import { ProcedureGroupConfiguration } from './configuration.js';
import { RESIDENT_STEP_TEXT_MAX, RESIDENT_TEXT_MAX, ResidentTexts } from './resident-texts.js';

const issues = (value: unknown) => {
  const parsed = ResidentTexts.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
};

describe('ResidentTexts', () => {
  it('accepts none, some or all texts, with or without English, line breaks kept', () => {
    expect(issues({})).toEqual([]);
    expect(
      issues({ steps_intro: '転入届の申請は、次の順に進みます。\n途中でやめても再開できます。' }),
    ).toEqual([]);
    const all = {
      steps_intro: 'はじめに',
      steps: { assistant: '新しい住所について答えます。', complete: '送信します。' },
      completion_next: '住民票の写しは窓口で受け取れます。',
      en: {
        steps_intro: 'First',
        steps: { assistant: 'Answer about your new address.' },
        completion_next: '',
      },
    };
    expect(ResidentTexts.parse(all)).toEqual(all);
    // Empty means "the default"; a comparison sign is text, not a tag.
    expect(issues({ steps_intro: '', steps: { form: '' }, completion_next: '3 < 5 の場合' })).toEqual([]);
  });

  it('refuses HTML, control characters and texts over their length', () => {
    expect(issues({ steps_intro: '<b>重要</b>' })).toEqual(['steps_intro']);
    expect(issues({ steps: { form: '<script>alert(1)</script>' } })).toEqual(['steps.form']);
    expect(issues({ completion_next: 'ベル\u0007' })).toEqual(['completion_next']);
    expect(issues({ en: { steps_intro: '<p>Hi</p>' }, steps_intro: 'はじめに' })).toEqual(['en.steps_intro']);
    expect(issues({ steps_intro: 'あ'.repeat(RESIDENT_TEXT_MAX + 1) })).toEqual(['steps_intro']);
    expect(issues({ steps: { signature: 'あ'.repeat(RESIDENT_STEP_TEXT_MAX + 1) } })).toEqual([
      'steps.signature',
    ]);
    expect(issues({ steps_intro: 1 })).toEqual(['steps_intro']);
  });

  it('refuses English whose Japanese is missing, at the English', () => {
    expect(issues({ en: { steps_intro: 'First' } })).toEqual(['en.steps_intro']);
    expect(issues({ steps: { form: ' ' }, en: { steps: { form: 'Fill in' } } })).toEqual(['en.steps.form']);
    expect(issues({ en: { completion_next: '' } })).toEqual([]);
  });

  it('is an optional part of a group configuration', () => {
    const field = ProcedureGroupConfiguration.shape.resident_texts;
    expect(field.safeParse(undefined).success).toBe(true);
    expect(field.safeParse({ steps_intro: '<i>x</i>' }).success).toBe(false);
  });
});
