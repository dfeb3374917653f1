// The invitation form: an address and at least one department, the focus on the first missing.
import { describe, expect, it, vi } from 'vitest';
import { InviteForm } from './InviteForm';
import { draw, ja, submit, textOf } from './testing/form-harness';

vi.mock('react-hook-form', async () => (await import('./testing/form-harness')).recordingForms());

const list = {
  accounts: [],
  page: { page: 1, page_size: 10, total: 0 },
  permissions: [
    { id: 1, code: 'administrator' as const, name: '管理者' },
    { id: 2, code: 'clerk' as const, name: '担当者' },
  ],
  departments: [
    { id: 10, code: 'kodomo', name: 'こども家庭課' },
    { id: 11, code: 'shimin', name: '市民課' },
  ],
};
const form = <InviteForm list={list} />;

describe('the invitation form', () => {
  it('starts with a clerk and no department', async () => {
    const html = await draw(form);
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios.filter((r) => r.includes('checked=""'))).toEqual([expect.stringContaining('value="2"')]);
    expect(html).toMatch(/<input[^>]*id="invite-department_ids"[^>]*>/);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked=""/);
  });

  it('asks for the address and a department, the focus on the address', async () => {
    await draw(form, { email: '', permission_id: 2, department_ids: [] });
    const { focused, invalid, html } = await submit(form);
    expect(focused).toBe('email');
    expect(invalid).toEqual(['email', 'department_ids']);
    expect(textOf(html)).toContain(ja.t('staff.password.emailInvalid'));
    expect(textOf(html)).toContain(ja.t('staff.accounts.departmentsRequired'));
  });

  it('focuses the first department when only that is missing', async () => {
    await draw(form, { email: 'new@demo.example.jp', permission_id: 2, department_ids: [] });
    const { focused, invalid } = await submit(form);
    expect(focused).toBe('department_ids');
    expect(invalid).toEqual(['department_ids']);
  });
});
