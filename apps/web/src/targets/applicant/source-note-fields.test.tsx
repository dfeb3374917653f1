// Server-side rendering of both field kinds with a source note: the note is part of the field's
// description (aria-describedby), as remarks and errors are.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { fieldNote } from '../../lib/items/SourceNote';
import { StandardItemField as Field, type ItemFieldProps } from '../../lib/items/StandardItemField';
import { itemState } from '../../testing/fixtures';
import type { FormItem } from '../../features/form/form-model';

const i18n = createI18n('ja');

type Props = Omit<ItemFieldProps, 'id' | 'layout' | 'required'> & { required?: boolean };
/** The form's field (page layout, `field-` ids). */
const StandardItemField = (props: Props & { required: boolean }) => (
  <Field id={`field-${props.item.code}`} layout="page" {...props} />
);
/** The assistant's inline field (`item-` ids, required as the item says). */
const ItemField = (props: Props) => (
  <Field id={`item-${props.item.code}`} layout="inline" required={props.item.required} {...props} />
);
const render = (element: ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const item = (type: FormItem['type']): FormItem => ({
  code: 'applicant_last_name',
  name: '氏',
  type,
  required: true,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [{ value: 'a', label: 'A' }],
  reading_of: null,
  suffix: null,
  remarks: null,
  repeatable: false,
});

const note = i18n.t('prefill.source.identity');

/** The ids an element with `attribute` lists in aria-describedby, and the text of each. */
function described(html: string, attribute: string): string {
  const tag = new RegExp(`<[^>]*${attribute}[^>]*>`).exec(html)?.[0] ?? '';
  const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? [];
  return ids
    .map((id) => new RegExp(`id="${id}"[^>]*>(.*?)</p>`).exec(html)?.[1] ?? '')
    .join(' ')
    .replace(/<[^>]+>/g, '');
}

describe('source notes at fields', () => {
  it('describe the form field, a text input and a radio group', () => {
    const text = render(
      <StandardItemField item={item('text')} value="山田" required note={note} onChange={() => undefined} />,
    );
    expect(note).toBe('マイナンバーカードから入力しました');
    expect(described(text, 'id="field-applicant_last_name"')).toContain(note);
    const radio = render(
      <StandardItemField item={item('radio')} value="a" required note={note} onChange={() => undefined} />,
    );
    expect(described(radio, 'role="radiogroup"')).toContain(note);
  });

  it('describe the assistant field, and are absent without a note', () => {
    const text = render(
      <ItemField item={item('text')} value="山田" note={note} onChange={() => undefined} />,
    );
    expect(described(text, 'id="item-applicant_last_name"')).toContain(note);
    const plain = render(<ItemField item={item('text')} value="山田" onChange={() => undefined} />);
    expect(plain).not.toContain(note);
  });

  it('make a value the procedure requires as on the card read-only on both fields, saying why', () => {
    const state = itemState('applicant_last_name', {
      locked: true,
      verified: '山田',
      verified_source: 'identity',
    });
    const why = fieldNote(i18n.t, state, 'identity')!;
    expect(why).toContain('この手続きでは変更できません');
    const form = render(
      <StandardItemField
        item={item('text')}
        value="山田"
        required
        note={why}
        readOnly
        onChange={() => undefined}
      />,
    );
    const input = /<input[^>]*id="field-applicant_last_name"[^>]*>/.exec(form)?.[0] ?? '';
    expect(input).toMatch(/readonly/i);
    expect(described(form, 'id="field-applicant_last_name"')).toContain(why);
    const assistant = render(
      <ItemField item={item('text')} value="山田" note={why} readOnly onChange={() => undefined} />,
    );
    expect(/<input[^>]*id="item-applicant_last_name"[^>]*>/.exec(assistant)?.[0]).toMatch(/readonly/i);
    // Not locked: the source note, and the field can be changed.
    expect(fieldNote(i18n.t, { ...state, locked: false }, 'identity')).toBe(note);
    const open = render(
      <ItemField item={item('text')} value="山田" note={note} onChange={() => undefined} />,
    );
    expect(/<input[^>]*id="item-applicant_last_name"[^>]*>/.exec(open)?.[0]).not.toMatch(/readonly/i);
  });

  it('draw a locked choice item with only its chosen option enabled, on both fields', () => {
    const sex: FormItem = {
      ...item('radio'),
      code: 'applicant_sex',
      choices: [
        { value: 'male', label: '男' },
        { value: 'female', label: '女' },
      ],
    };
    const inputs = (html: string) =>
      [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => ({
        value: /value="([^"]*)"/.exec(m[0])?.[1],
        disabled: /\sdisabled=""/.test(m[0]),
        checked: /\schecked=""/.test(m[0]),
      }));
    for (const html of [
      render(<StandardItemField item={sex} value="male" required readOnly onChange={() => undefined} />),
      render(<ItemField item={sex} value="male" readOnly onChange={() => undefined} />),
    ]) {
      expect(inputs(html)).toEqual([
        { value: 'male', disabled: false, checked: true },
        { value: 'female', disabled: true, checked: false },
      ]);
    }
    const open = render(<StandardItemField item={sex} value="male" required onChange={() => undefined} />);
    expect(inputs(open).map((i) => i.disabled)).toEqual([false, false]);
    // A select keeps its chosen option only.
    const select = render(
      <StandardItemField
        item={{ ...sex, type: 'select' }}
        value="male"
        required
        readOnly
        onChange={() => undefined}
      />,
    );
    expect(select).toMatch(/<option value="female" disabled="">/);
    expect(select).not.toMatch(/<option value="male" disabled="">/);
  });
});
