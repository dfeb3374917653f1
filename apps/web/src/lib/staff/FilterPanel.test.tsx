// The staff filter form: a named search landmark with its heading, its fields, search and clear.
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { staffMessages } from '../i18n/parts/staff';
import { FilterPanel } from './FilterPanel';

const ja = createI18n('ja', [staffMessages]);
const render = (clearDisabled?: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={ja}>
      <FilterPanel
        title="絞り込み"
        onSubmit={() => undefined}
        onClear={() => undefined}
        clearDisabled={clearDisabled}
        footer={<p id="footer">注意</p>}
      >
        <input id="field" />
      </FilterPanel>
    </I18nextProvider>,
  );

describe('FilterPanel', () => {
  it('is a search form named by its heading, with the fields, search and clear', () => {
    const html = render();
    expect(html).toMatch(/<form[^>]*role="search"[^>]*aria-label="絞り込み"/);
    expect(html).toMatch(/<h2[^>]*>絞り込み<\/h2>/);
    expect(html).toContain('id="field"');
    expect(html).toContain(ja.t('staff.documents.search'));
    expect(html).toContain(ja.t('staff.documents.clear'));
    expect(html).toMatch(/type="submit"/);
    expect(html.indexOf('id="footer"')).toBeGreaterThan(html.indexOf(ja.t('staff.documents.clear')));
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });

  it('can disable clearing when there is nothing to clear', () => {
    expect(render(true)).toMatch(/<button[^>]*type="button"[^>]*disabled/);
  });
});
