// The one field per standard-item type, rendered on the server: the type picks the component; both layouts
// keep their ids, labels, required marks and descriptions; the staff editor's fields offer no autocomplete
// of the clerk's own details.
import type { StandardItem } from '@portal/contracts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../i18n';
import { applicantFormMessages } from '../i18n/parts/applicant-form';
import type { PostalCodeItemFieldProps as ItemFieldProps } from './PostalCodeItemField';
import { StandardItemField } from './StandardItemField';
import { checkAnswer, problemMessage } from './item-problems';

const i18n = createI18n('ja', [applicantFormMessages]);
const render = (element: ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const item = (type: StandardItem['type'], over: Partial<StandardItem> = {}): StandardItem => ({
  code: 'applicant_last_name',
  name: '氏',
  type,
  required: true,
  min_length: null,
  max_length: 20,
  pattern: null,
  choices: [
    { value: 'male', label: '男' },
    { value: 'female', label: '女' },
  ],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...over,
});

const field = (props: Partial<ItemFieldProps> & Pick<ItemFieldProps, 'item' | 'layout'>) =>
  render(
    <StandardItemField
      id={`${props.layout === 'page' ? 'field' : 'item'}-${props.item.code}`}
      value=""
      required={props.item.required}
      onChange={() => undefined}
      {...props}
    />,
  );
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';

describe('StandardItemField', () => {
  it('draws a text item as one labelled input with the required mark, in both layouts', () => {
    for (const layout of ['page', 'inline'] as const) {
      const html = field({ item: item('text'), layout, value: '山田' });
      const id = layout === 'page' ? 'field-applicant_last_name' : 'item-applicant_last_name';
      const input = tag(html, /<input[^>]*>/);
      expect(input).toContain(`id="${id}"`);
      expect(input).toContain('required=""');
      expect(input).toContain('autoComplete="family-name"');
      expect(input).toContain('maxLength="20"');
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>氏<`));
      expect(html).toContain('data-required-mark="必須"');
    }
  });

  it('puts the error on its own line with 「エラー：」 on a page, in the help line inline', () => {
    const page = field({ item: item('text'), layout: 'page', error: '入力してください' });
    expect(page).toMatch(/id="field-applicant_last_name-error"[^>]*>エラー：入力してください/);
    expect(tag(page, /<input[^>]*>/)).toContain('aria-describedby="field-applicant_last_name-error"');
    expect(tag(page, /<input[^>]*>/)).toContain('aria-invalid="true"');
    const inline = field({ item: item('text'), layout: 'inline', error: '氏を入力してください。' });
    expect(inline).toMatch(/id="item-applicant_last_name-helper-text"[^>]*>氏を入力してください。/);
    expect(inline).not.toContain('エラー：');
  });

  it('draws radios as a named group: the first option takes focus on a page, the group inline', () => {
    const page = field({ item: item('radio'), layout: 'page', value: 'male' });
    expect(page).toContain('role="radiogroup"');
    expect(page).toContain('aria-labelledby="field-applicant_last_name-label"');
    expect(tag(page, /<input[^>]*value="male"[^>]*>/)).toContain('id="field-applicant_last_name"');
    const inline = field({ item: item('radio'), layout: 'inline', value: 'male' });
    expect(tag(inline, /<fieldset[^>]*>/)).toContain('id="item-applicant_last_name"');
    expect(tag(inline, /<fieldset[^>]*>/)).toContain('tabindex="-1"');
  });

  it('draws checkboxes one per line on a page, side by side inline', () => {
    const page = field({ item: item('checkbox'), layout: 'page', value: ['male'] });
    const inline = field({ item: item('checkbox'), layout: 'inline', value: ['male'] });
    expect(tag(page, /<div[^>]*role="group"[^>]*>/)).not.toContain('MuiFormGroup-row');
    expect(tag(inline, /<div[^>]*role="group"[^>]*>/)).toContain('MuiFormGroup-row');
  });

  it('draws a select natively, asking to choose first', () => {
    const html = field({ item: item('select'), layout: 'page', value: 'female' });
    expect(html).toContain('<select');
    expect(html).toMatch(/<option value="">選んでください<\/option>/);
  });

  it('lets a postal code be typed with a hyphen (no hard cut) and offers the address lookup', () => {
    const postal = item('postal_code', { code: 'applicant_postal_code', name: '郵便番号', max_length: 7 });
    const html = field({
      item: postal,
      layout: 'inline',
      value: '100-0001',
      address: { value: '', onFound: () => undefined },
    });
    const input = tag(html, /<input[^>]*>/);
    expect(input).not.toContain('maxLength');
    expect(input).toContain('inputMode="numeric"');
    expect(html).toContain(i18n.t('applicantForm.address.search'));
  });

  it("takes a given label and offers no autocomplete of someone else's answers (staff)", () => {
    const html = field({
      item: item('text'),
      id: 'answer-applicant_last_name#1',
      layout: 'page',
      label: '申請者の氏',
      ownDetails: false,
    });
    expect(html).toMatch(/<label[^>]*>申請者の氏/);
    expect(html).not.toContain('data-required-mark');
    expect(tag(html, /<input[^>]*>/)).toContain('autoComplete="off"');
  });
});

describe('clearing an optional radio item', () => {
  const optional = item('radio', { code: 'father_sex', name: '父の性別', required: false });
  const button = (html: string) => tag(html, /<button[^>]*data-clear-choice[^>]*>.*?<\/button>/);
  /** What a screen reader reads of the button: its text, the hidden part too. */
  const spoken = (html: string) =>
    button(html)
      .replace(/<style[^>]*>.*?<\/style>/g, '')
      .replace(/<[^>]+>/g, '');

  it('offers 「選択を解除する」 after the options, named with the item, in both layouts', () => {
    for (const layout of ['page', 'inline'] as const) {
      const html = field({ item: optional, layout, value: 'male' });
      expect(button(html)).toContain('type="button"');
      expect(spoken(html)).toBe('選択を解除する（父の性別）');
      // After the options, inside the item's fieldset.
      expect(html.indexOf('data-clear-choice')).toBeGreaterThan(html.indexOf('value="female"'));
      expect(html.indexOf('data-clear-choice')).toBeLessThan(html.indexOf('</fieldset>'));
    }
  });

  it('is not offered without an answer, for a required or read-only item, nor for other choices', () => {
    expect(button(field({ item: optional, layout: 'page', value: '' }))).toBe('');
    expect(button(field({ item: optional, layout: 'page', value: null }))).toBe('');
    expect(button(field({ item: { ...optional, required: true }, layout: 'page', value: 'male' }))).toBe('');
    expect(button(field({ item: optional, layout: 'page', value: 'male', readOnly: true }))).toBe('');
    const checkbox = item('checkbox', { required: false });
    expect(button(field({ item: checkbox, layout: 'page', value: ['male'] }))).toBe('');
    expect(button(field({ item: item('select', { required: false }), layout: 'page', value: 'male' }))).toBe(
      '',
    );
  });

  it('names the repetition, or the label the staff editor gives', () => {
    const later = field({ item: optional, layout: 'page', value: 'male', labelSuffix: '（2人目）' });
    expect(spoken(later)).toBe('選択を解除する（父の性別（2人目））');
    const staff = field({
      item: optional,
      id: 'answer-father_sex#1',
      layout: 'page',
      value: 'male',
      label: '父の性別（2人目）',
      ownDetails: false,
    });
    expect(spoken(staff)).toBe('選択を解除する（父の性別（2人目））');
  });

  it('speaks English', async () => {
    const en = createI18n('ja', [applicantFormMessages]);
    await changeLanguage(en, 'en', undefined);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={en}>
        <StandardItemField
          item={{ ...optional, en: { name: "Father's sex" } }}
          id="field-father_sex"
          layout="page"
          value="male"
          required={false}
          onChange={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(spoken(html)).toBe('Clear selection (Father&#x27;s sex)');
  });
});

describe('item problems', () => {
  it('are the rules check, as message keys', () => {
    expect(checkAnswer(item('text'), '', true)).toEqual({ key: 'required' });
    expect(checkAnswer(item('text'), '', false)).toBeNull();
    expect(checkAnswer(item('text', { max_length: 2 }), '山田太', true)).toEqual({
      key: 'maxLength',
      values: { count: 2 },
    });
    expect(problemMessage({ key: 'control' })).toEqual({ key: 'control' });
  });
});
