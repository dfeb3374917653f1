// The password reset's two forms: the request (municipality code and address) and the new password
// (the policy and the same password again), each checked on submit with the focus on the first problem.
import { describe, expect, it, vi } from 'vitest';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetRequestForm } from './ResetRequestForm';
import { draw, inputTag, ja, submit, textOf } from './testing/form-harness';

vi.mock('react-hook-form', async () => (await import('./testing/form-harness')).recordingForms());

const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];

describe('the reset request', () => {
  const form = <ResetRequestForm code="999999" />;

  it('offers the remembered municipality and asks for the address', async () => {
    const [code, email] = inputs(await draw(form));
    expect(code).toMatch(/inputMode="numeric"[^>]*maxLength="6"|maxLength="6"[^>]*inputMode="numeric"/);
    expect(code).toContain('value="999999"');
    expect(code).toContain('required=""');
    expect(email).toContain('type="email"');
    expect(email).toContain('autoComplete="email"');
  });

  it('shows the municipality-code and email errors and focuses the first', async () => {
    await draw(form, { municipality_code: '12', email: 'not an address' });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('municipality_code');
    expect(invalid).toEqual(['municipality_code', 'email']);
    expect(html).toContain(ja.t('signIn.invalidCode'));
    expect(html).toContain(ja.t('staff.password.emailInvalid'));
    expect(inputs(html).filter((i) => i.includes('aria-invalid="true"'))).toHaveLength(2);
  });

  it('focuses the address when only it is wrong', async () => {
    await draw(form, { municipality_code: '999999', email: 'taro@' });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('email');
    expect(invalid).toEqual(['email']);
    expect(html).not.toContain(ja.t('signIn.invalidCode'));
  });
});

describe('the new password', () => {
  const form = <ResetConfirmForm code="999999" />;

  it('is described by the policy beside it, with a hidden user name for password managers', async () => {
    const html = await draw(form);
    const password = inputTag(html, 'new-password');
    expect(password).toContain('aria-describedby="password-policy"');
    expect(password).toContain('autoComplete="new-password"');
    expect(password).toContain('maxLength="128"');
    expect(html).toContain('id="password-policy"');
    const username = inputs(html).find((i) => i.includes('name="username"')) ?? '';
    expect(username).toContain('autoComplete="username"');
    expect(username).toContain('hidden=""');
    expect(inputs(html).filter((i) => i.includes('autoComplete="new-password"'))).toHaveLength(2);
  });

  it('shows the policy and mismatch errors, the focus on the password', async () => {
    await draw(form, { password: 'short', again: 'other' });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('password');
    expect(invalid).toEqual(['password', 'again']);
    expect(html).toContain(ja.t('staff.password.policyNotMet'));
    expect(html).toContain(ja.t('staff.password.mismatch'));
    expect(inputTag(html, 'new-password')).toContain(
      'aria-describedby="new-password-helper-text password-policy"',
    );
  });

  it('asks for the same password again when only that is wrong', async () => {
    await draw(form, { password: 'reset-Password-2028', again: 'reset-Password-2029' });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('again');
    expect(invalid).toEqual(['again']);
    expect(html).not.toContain(ja.t('staff.password.policyNotMet'));
    expect(textOf(html)).toContain('12文字以上（128文字まで）（満たしています）');
  });
});
