// The invited person's account form: names and their katakana reading, checked in the order drawn, and a
// new password under the policy (the same fields as the password reset's).
import { describe, expect, it, vi } from 'vitest';
import { InvitationAcceptForm } from './InvitationAcceptForm';
import { draw, inputTag, ja, submit, textOf } from './testing/form-harness';

vi.mock('react-hook-form', async () => (await import('./testing/form-harness')).recordingForms());

const form = (
  <InvitationAcceptForm
    code="999999"
    invitation={{
      email: 'new@demo.example.jp',
      permission_id: 2,
      department_ids: [1],
      expires_at: '2099-04-01T09:00:00+09:00',
    }}
  />
);
const inputs = (html: string) => html.match(/<input[^>]*>/g) ?? [];
const count = (html: string, text: string) => html.split(`>${text}<`).length - 1;

describe('the invitation acceptance', () => {
  it('asks for the person’s own names, the reading in katakana and a new password', async () => {
    const html = await draw(form);
    expect(textOf(html)).toContain('new@demo.example.jp');
    const email = inputs(html).find((i) => i.includes('type="email"')) ?? '';
    expect(email).toContain('autoComplete="username"');
    expect(email).toContain('value="new@demo.example.jp"');
    expect(inputs(html).filter((i) => /autoComplete="(family|given)-name"/.test(i))).toHaveLength(2);
    expect(count(html, ja.t('staff.invite.kanaHelp'))).toBe(2);
    expect(inputTag(html, 'invite-new-password')).toContain('aria-describedby="invite-password-policy"');
    expect(html).toContain('id="invite-password-policy"');
  });

  it('checks the reading is katakana, with the focus on it, and the password policy', async () => {
    await draw(form, {
      last_name: '新井',
      first_name: '花子',
      last_name_kana: 'あらい',
      first_name_kana: 'ハナコ',
      password: 'short',
      again: 'short',
    });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('last_name_kana');
    expect(invalid).toEqual(['last_name_kana', 'password']);
    expect(textOf(html)).toContain(ja.t('staff.invite.kana'));
    expect(textOf(html)).toContain(ja.t('staff.password.policyNotMet'));
    // The other reading still shows its help.
    expect(count(html, ja.t('staff.invite.kanaHelp'))).toBe(1);
    expect(inputTag(html, 'invite-new-password')).toContain(
      'aria-describedby="invite-new-password-helper-text invite-password-policy"',
    );
  });

  it('asks for every name first, a blank one too', async () => {
    await draw(form, {
      last_name: ' ',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '　',
      password: 'new-Password-2027',
      again: 'new-Password-2027',
    });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('last_name');
    expect(invalid).toEqual(['last_name', 'first_name', 'last_name_kana', 'first_name_kana']);
    expect(count(html, ja.t('staff.invite.required'))).toBe(4);
  });
});
