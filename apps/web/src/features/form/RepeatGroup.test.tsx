// Server-side rendering of a form page's group with two children: a heading per child, fields a screen
// reader tells apart, the add and remove buttons, and the first child's answers from the questions.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../lib/i18n';
import { applicantFormMessages } from '../../lib/i18n/parts/applicant-form';
import { formItem } from '../../testing/fixtures';
import type { Values } from './form-model';
import { RepeatGroup } from './RepeatGroup';
import type { Group } from './repeats';
import { StandardItemField } from '../../lib/items/StandardItemField';
import { fieldId } from './form-model';

const group: Group = {
  code: 'child',
  name: '子',
  en: { name: 'child' },
  standard_item_codes: ['child_first_name', 'child_sex'],
  min: 1,
  max: 5,
};
const firstName = formItem('child_first_name', { name: '子の名', repeatable: true });
const sex = formItem('child_sex', {
  name: '子の性別',
  type: 'radio',
  repeatable: true,
  choices: [
    { value: 'male', label: '男' },
    { value: 'female', label: '女' },
  ],
});

const ja = createI18n('ja', [applicantFormMessages]);

function render(
  options: { first?: (typeof firstName)[]; min?: number; count?: number; i18n?: typeof ja } = {},
) {
  const values: Values = { child_first_name: '花音', 'child_first_name.2': '結衣' };
  const i18n = options.i18n ?? ja;
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RepeatGroup
        group={group}
        count={options.count ?? 2}
        min={options.min ?? 1}
        first={options.first ?? [firstName, sex]}
        later={[firstName, sex]}
        values={values}
        isHidden={() => false}
        renderField={(item, n) => {
          const key = n === 1 ? item.code : `${item.code}.${n}`;
          return (
            <StandardItemField
              key={key}
              item={item}
              id={fieldId(key)}
              fieldKey={key}
              layout="page"
              labelSuffix={n === 1 ? undefined : i18n.t('applicantForm.repeat.labelSuffix', { n })}
              value={values[key]}
              required
              onChange={() => undefined}
            />
          );
        }}
        onAdd={() => undefined}
        onRemove={() => undefined}
      />
    </I18nextProvider>,
  );
}

/** The text a reader gets: no style sheets, nothing aria-hidden (the required marks), no tags. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<span aria-hidden="true"[^>]*>.*?<\/span>/g, '')
    .replace(/<[^>]+>/g, '');

describe('RepeatGroup', () => {
  it('shows a block per child under its heading, each field with its own id and name', () => {
    const html = render();
    expect(html).toMatch(/<h3[^>]*id="repeat-child-1"[^>]*>1人目の子<\/h3>/);
    expect(html).toMatch(/<h3[^>]*id="repeat-child-2"[^>]*>2人目の子<\/h3>/);
    expect(html).toContain('id="field-child_first_name"');
    expect(html).toContain('id="field-child_first_name.2"');
    expect(html).toContain('value="結衣"');
    expect(html).toContain('name="child_sex"');
    expect(html).toContain('name="child_sex.2"');
  });

  it('labels the first child as before and the second with its number for screen readers', () => {
    const html = render();
    const label = (id: string) =>
      text(new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`).exec(html)![1]!);
    expect(label('field-child_first_name')).toBe('子の名');
    expect(label('field-child_first_name\\.2')).toBe('子の名（2人目）');
  });

  it('adds up to the maximum and removes a child past the minimum only', () => {
    const html = render();
    expect(text(html)).toContain('子を追加する');
    expect(text(html)).toContain('2人目の子を削除する');
    expect(text(html)).not.toContain('1人目の子を削除する');
    expect(text(render({ min: 2 }))).not.toContain('削除する');
    const full = render({ count: 5 });
    expect(text(full)).not.toContain('子を追加する');
    expect(text(full)).toContain('5人まで入力できます。');
  });

  it('shows the first child answered on the question pages read only', () => {
    const html = render({ first: [] });
    expect(html).not.toContain('id="field-child_first_name"');
    expect(text(html)).toContain('質問のページで回答した内容です。');
    expect(html).toMatch(/data-testid="answered-child_first_name"/);
    expect(text(html)).toContain('花音');
    expect(html).toContain('id="field-child_first_name.2"');
  });

  it('speaks English', async () => {
    const en = createI18n('ja', [applicantFormMessages]);
    await changeLanguage(en, 'en', undefined);
    const html = text(render({ i18n: en }));
    expect(html).toContain('Child 1');
    expect(html).toContain('Child 2');
    expect(html).toContain('Add a child');
    expect(html).toContain('Remove child 2');
  });
});
