// One entry of a configuration list: a section named by its heading, its fields, then the remove button.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EntrySection } from './EntrySection';

describe('EntrySection', () => {
  it('is a section named by its heading, the remove button after the fields', () => {
    const html = renderToStaticMarkup(
      <EntrySection headingId="procedure-1" heading="出生届" removeLabel="出生届を削除" onRemove={() => {}}>
        <input id="name" />
      </EntrySection>,
    );
    expect(html).toMatch(/<section[^>]*aria-labelledby="procedure-1"/);
    expect(html).toMatch(/<h2[^>]*id="procedure-1"[^>]*>出生届<\/h2>/);
    expect(html.indexOf('出生届を削除')).toBeGreaterThan(html.indexOf('id="name"'));
    expect(html).toMatch(/<button[^>]*>.*出生届を削除<\/button>/);
  });
});
