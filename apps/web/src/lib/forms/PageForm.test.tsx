// @vitest-environment happy-dom
// A screen's form that is also a plain form (decision 0061): what the server's HTML holds for a browser
// without the script, and what changes once the script runs.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PAGE_FORM_CSRF_PLACEHOLDER } from '@portal/contracts/http-names';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageForm } from './PageForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const form = (props: Partial<Parameters<typeof PageForm>[0]> = {}) => (
  <PageForm
    action="/municipalities/999999/entrance"
    fields={{ procedure_group_id: 1, none: undefined }}
    onSubmit={() => undefined}
    {...props}
  >
    <input type="checkbox" name="agree" value="yes" required aria-label="agree" />
    <button type="submit">start</button>
  </PageForm>
);

describe('PageForm', () => {
  it("is a post to the page's own path with the token's placeholder and the page's fields, checked by the browser", () => {
    const html = renderToStaticMarkup(form());
    expect(html).toMatch(/<form[^>]*action="\/municipalities\/999999\/entrance"[^>]*method="post"/);
    expect(html).toContain(`<input type="hidden" name="csrf_token" value="${PAGE_FORM_CSRF_PLACEHOLDER}"/>`);
    expect(html).toContain('<input type="hidden" name="procedure_group_id" value="1"/>');
    expect(html).not.toContain('name="none"');
    // Without the script the browser's own checks apply.
    expect(html).not.toContain('novalidate');
  });

  it('once the script runs: the screen checks, the submit is its own, and input made before is handed over', () => {
    const adopt = vi.fn();
    const onSubmit = vi.fn();
    const { container } = render(form({ adopt, onSubmit }));
    const element = container.querySelector('form') as HTMLFormElement;
    expect(element.noValidate).toBe(true);
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(adopt).toHaveBeenCalledWith({
      csrf_token: PAGE_FORM_CSRF_PLACEHOLDER,
      procedure_group_id: '1',
    });
    const submitted = fireEvent.submit(element);
    expect(submitted).toBe(false); // the browser's post is prevented
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // The tick is part of what a later hand-over would read.
    fireEvent.click(screen.getByRole('checkbox', { name: 'agree' }));
    expect(new FormData(element).get('agree')).toBe('yes');
  });
});
