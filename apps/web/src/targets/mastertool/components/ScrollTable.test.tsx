// The master tool's scrolling table: a named, focusable region, and one head row of column headers.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScrollTable } from './ScrollTable';

describe('ScrollTable', () => {
  it('names the region and the table, and heads each column in order', () => {
    const html = renderToStaticMarkup(
      <ScrollTable label="履歴" columns={['版', '公開日時']}>
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </ScrollTable>,
    );
    expect(html).toMatch(/role="region"[^>]*aria-label="履歴"[^>]*tabindex="0"/i);
    expect(html).toMatch(/<table[^>]*aria-label="履歴"/);
    const heads = [...html.matchAll(/<th[^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['版', '公開日時']);
    expect(html).toContain('<td>1</td>');
  });
});
