// Editing an account: its names and readings and at least one department, the focus on the first problem
// in the order drawn (the dialog itself is drawn in a portal, which the server leaves out).
import { describe, expect, it, vi } from 'vitest';
import { AccountEditDialog, type Account } from './AccountEditDialog';
import { draw, submit } from './testing/form-harness';

vi.mock('react-hook-form', async () => (await import('./testing/form-harness')).recordingForms());

const account: Account = {
  id: '0190a8f2-0000-7000-8000-000000000001',
  last_name: '新井',
  first_name: '花子',
  last_name_kana: 'アライ',
  first_name_kana: 'ハナコ',
  email: 'new@demo.example.jp',
  permission_id: 2,
  department_ids: [10],
  created_at: '2026-04-01T09:00:00+09:00',
  last_login_at: null,
};
const list = {
  accounts: [account],
  page: { page: 1, page_size: 25, total: 1 },
  permissions: [{ id: 2, code: 'clerk' as const, name: '担当者' }],
  departments: [{ id: 10, code: 'kodomo', name: 'こども家庭課' }],
};
const dialog = <AccountEditDialog account={account} list={list} onClose={() => undefined} />;
const values = { ...account, department_ids: [10] };

describe('the account edit dialog', () => {
  it('focuses the first emptied name, and checks the readings and departments too', async () => {
    await draw(dialog, { ...values, first_name: ' ', first_name_kana: 'はなこ', department_ids: [] });
    const { focused, invalid } = await submit(dialog);
    expect(focused).toBe('first_name');
    expect(invalid).toEqual(['first_name', 'first_name_kana', 'department_ids']);
  });

  it('focuses the departments when only they are missing', async () => {
    await draw(dialog, { ...values, department_ids: [] });
    expect((await submit(dialog)).focused).toBe('department_ids');
  });
});
