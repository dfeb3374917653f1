// A staff form on its card, named by its heading; a failed submission said at once, or nothing.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FailureAlert, FormPanel } from './forms';

describe('FormPanel', () => {
  it('is a form named by its heading, the fields after it', () => {
    const html = renderToStaticMarkup(
      <FormPanel titleId="t1" title="招待する" onSubmit={() => undefined}>
        <input id="email" />
      </FormPanel>,
    );
    expect(html).toMatch(/<form[^>]*noValidate=""[^>]*aria-labelledby="t1"/);
    expect(html).toMatch(/<h2[^>]*id="t1"[^>]*>招待する<\/h2>/);
    expect(html.indexOf('id="email"')).toBeGreaterThan(html.indexOf('招待する'));
  });
});

describe('FailureAlert', () => {
  it('says nothing without a failure', () => {
    expect(renderToStaticMarkup(<FailureAlert failure={null} />)).toBe('');
  });

  it('announces the failure, with a way on after it', () => {
    const html = renderToStaticMarkup(
      <FailureAlert failure="送れませんでした。">
        <a href="/again">もう一度</a>
      </FailureAlert>,
    );
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('送れませんでした。 <a href="/again">もう一度</a>');
  });
});
