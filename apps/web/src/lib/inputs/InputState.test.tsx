// The marks of a checkbox and a radio follow the input itself (decision 0061): on the server's HTML both
// marks are there and the style picks the one the input's own state matches.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InputStateCheckbox } from './InputStateCheckbox';
import { InputStateRadio } from './InputStateRadio';

describe('InputStateCheckbox', () => {
  it('holds both marks, unticked and ticked, whatever React thinks', () => {
    for (const checked of [false, true]) {
      const html = renderToStaticMarkup(<InputStateCheckbox checked={checked} onChange={() => undefined} />);
      expect(html).toContain('input-state-unticked');
      expect(html).toContain('input-state-ticked');
      expect(html).toMatch(/<input[^>]*type="checkbox"/);
    }
  });
});

describe('InputStateRadio', () => {
  it('is a radio with its ring and dot', () => {
    const html = renderToStaticMarkup(<InputStateRadio required name="q" value="1" />);
    expect(html).toMatch(/<input[^>]*required=""[^>]*type="radio"|<input[^>]*type="radio"[^>]*required/);
    expect(html.match(/<svg/g)?.length).toBe(2);
  });
});
