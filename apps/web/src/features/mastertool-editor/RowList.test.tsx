// The editable row list: an ordered list of rows named by their headings, the list's own problem, the
// words for no rows, the add button; a row's problems that no field shows, listed under its heading.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldProblems } from './fields';
import { RowFrame, RowList, sameRow } from './RowList';
import { fieldId } from './validation';

const PATH = 'rules';
const render = (values: string[], problems: ReadonlyMap<string, string> = new Map()) =>
  renderToStaticMarkup(
    <FieldProblems.Provider value={problems}>
      <RowList
        path={PATH}
        values={values}
        onChange={() => undefined}
        none="まだありません"
        addLabel="追加する"
        add={(list) => [...list, '']}
        remove={(list, i) => list.filter((_, j) => j !== i)}
        focusOnAdd="code"
        row={({ value, n, path }) => (
          <RowFrame path={path} testId="row" heading={`行${n}`} shownAtField={(p) => p === `${path}.code`}>
            <span>{value}</span>
          </RowFrame>
        )}
      />
    </FieldProblems.Provider>,
  );

describe('RowList', () => {
  it('lists each row as a group named by its heading, then the add button', () => {
    const html = render(['a', 'b']);
    const first = fieldId(`${PATH}[0]`);
    expect(html).toContain('<ol');
    expect(html.match(/data-testid="row"/g)).toHaveLength(2);
    expect(html).toMatch(new RegExp(`id="${first}"[^>]*role="group"[^>]*aria-labelledby="${first}-heading"`));
    expect(html).toMatch(new RegExp(`<h3[^>]*id="${first}-heading"[^>]*>行1</h3>`));
    expect(html).toMatch(new RegExp(`<button[^>]*id="${fieldId(PATH)}-add"`));
    expect(html).not.toContain('まだありません');
  });

  it('says when there is no row, and shows the list’s own problem', () => {
    const html = render([], new Map([[PATH, '一つ以上必要です']]));
    expect(html).toContain('まだありません');
    expect(html).toMatch(new RegExp(`id="${fieldId(PATH)}"[^>]*>一つ以上必要です`));
  });

  it('lists under the heading only the problems no field of the row shows', () => {
    const row = `${PATH}[0]`;
    const html = render(
      ['a'],
      new Map([
        [`${row}.code`, 'コードの問題'],
        [`${row}.other`, 'ほかの問題'],
      ]),
    );
    expect(html).toMatch(new RegExp(`aria-describedby="${fieldId(row)}-problems"`));
    expect(html).toContain('ほかの問題');
    expect(html).not.toContain('コードの問題');
  });

  it('renders a row again only when what it shows changes, not for new handlers', () => {
    const words = { a: 1 };
    const row = {
      value: { source: 'a' },
      n: 1,
      last: true,
      path: 'p[0]',
      words,
      list: ['x'],
      onMove: () => 1,
    };
    expect(sameRow(row, { ...row, value: { source: 'a' }, list: ['x'], onMove: () => 2 })).toBe(true);
    expect(sameRow(row, { ...row, value: { source: 'b' } })).toBe(false);
    expect(sameRow(row, { ...row, n: 2 })).toBe(false);
    expect(sameRow(row, { ...row, list: ['y'] })).toBe(false);
    expect(sameRow(row, { ...row, words: { a: 1 } })).toBe(false);
  });
});
