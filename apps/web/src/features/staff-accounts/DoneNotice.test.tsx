// A form's done state: the success message takes the focus as it appears, then the way on.
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DoneNotice } from './DoneNotice';
import { draw, textOf } from './testing/form-harness';

type Props = { children?: unknown; ref?: (element: unknown) => void; tabIndex?: number };

/** The elements `element` draws directly (before any component draws them). */
const children = (element: ReactElement<Props>) =>
  [element.props.children].flat().filter((c): c is ReactElement<Props> => isValidElement(c));

describe('DoneNotice', () => {
  it('takes the focus once shown', () => {
    const [alert] = children(DoneNotice({ message: '送りました。', to: '/login', label: '戻る' }));
    expect(alert?.props.tabIndex).toBe(-1);
    const element = { focus: vi.fn() };
    alert?.props.ref?.(element);
    expect(element.focus).toHaveBeenCalledOnce();
    alert?.props.ref?.(null);
    expect(element.focus).toHaveBeenCalledOnce();
  });

  it('says what was done, a note, and links on', async () => {
    const html = await draw(
      <DoneNotice message="送りました。" note="メールを確認してください。" to="/login" label="戻る" />,
    );
    expect(html).toMatch(/role="alert"[^>]*tabindex="-1"|tabindex="-1"[^>]*role="alert"/);
    expect(textOf(html)).toBe('送りました。メールを確認してください。戻る');
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>戻る<\/a>/);
    expect(html).not.toContain('<button');
  });

  it('offers the way on as a button when it is the one next step', async () => {
    const html = await draw(
      <DoneNotice message="作成しました。" to="/login" label="サインインする" button />,
    );
    expect(html).toMatch(
      /<div><a [^>]*MuiButton-contained[^>]*href="\/login"[^>]*>サインインする<\/a><\/div>/,
    );
  });
});
