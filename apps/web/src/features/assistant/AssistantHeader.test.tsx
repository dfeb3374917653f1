// The head of an assistant page: the breadcrumbs landmark and the category line only when they have text.
import { demoProcedureGroup } from '@portal/demo';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { AssistantHeader } from './AssistantHeader';

const i18n = createI18n('ja');

function render(patch: { breadcrumbs?: string[]; title?: string }) {
  const category = demoProcedureGroup().concierge_set.assistant_concierge_category[0]!;
  const sub = category.concierge_sub_category[0]!;
  if (patch.breadcrumbs) sub.breadcrumbs = patch.breadcrumbs;
  if (patch.title !== undefined) category.title = patch.title;
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AssistantHeader
        sub={sub}
        categories={[category]}
        index={1}
        most={9}
        labels={{ options: new Map(), questions: new Map(), items: new Map() } as never}
        headingRef={null}
      />
    </I18nextProvider>,
  );
}

describe('AssistantHeader', () => {
  it('names the place in breadcrumbs and shows the category above the heading', () => {
    const html = render({ breadcrumbs: ['申請内容の入力', '申請者'], title: '申請内容についての質問' });
    expect(html).toMatch(/<nav[^>]*aria-label="現在の位置"/);
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/<p[^>]*>申請内容についての質問<\/p>/);
  });

  it('draws no empty navigation or paragraph for a page without breadcrumbs and category title', () => {
    const html = render({ breadcrumbs: [], title: ' ' });
    expect(html).not.toContain('<nav');
    expect(html).not.toMatch(/<p[^>]*><\/p>/);
    expect(html).toContain('<h1');
  });

  it('counts this page against the most pages there can be, with no bar that implies a known total (0043)', () => {
    const html = render({});
    expect(html).toContain('2 ページ目（質問は最大 9 ページです。回答によっては少なくなります）');
    expect(html).not.toContain('role="progressbar"');
  });
});
