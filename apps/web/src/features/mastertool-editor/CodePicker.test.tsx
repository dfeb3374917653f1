// @vitest-environment happy-dom
// The code pickers as an operator meets them (decision 0056's addendum): each option named first, its code a
// caption read after a pause (so two options of one name stay apart), found by typing its name or its code;
// a picked code a chip of the name with the code its title; one picked code reads 「name · code」.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { CodePicker, CodesPicker, type CodeOption } from './CodePicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const i18n = createI18n('ja', [mastertoolMessages]);
const OPTIONS: CodeOption[] = [
  { code: 'applicant_last_name', label: '氏' },
  { code: 'child_last_name', label: '氏' },
  { code: 'applicant_phone', label: '電話番号' },
];

function Several({ start }: { start: string[] }) {
  const [value, setValue] = useState(start);
  return (
    <I18nextProvider i18n={i18n}>
      <CodesPicker path="codes" label="標準項目" options={OPTIONS} value={value} onChange={setValue} />
    </I18nextProvider>
  );
}

function One({ start }: { start: string }) {
  const [value, setValue] = useState(start);
  return (
    <I18nextProvider i18n={i18n}>
      <CodePicker path="code" label="手続きコード" options={OPTIONS} value={value} onChange={setValue} />
    </I18nextProvider>
  );
}

describe('CodesPicker', () => {
  it('lists names with the code a caption, named uniquely, and finds them by name or code', async () => {
    const user = userEvent.setup();
    render(<Several start={[]} />);
    const input = screen.getByRole('combobox', { name: '標準項目' });
    await user.click(input);
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['氏、applicant_last_name', '氏、child_last_name', '電話番号、applicant_phone']);
    // The pause is said, not shown (a screen reader may add spaces around it).
    const phone = screen.getByRole('option', { name: /^電話番号\s*、\s*applicant_phone$/ });
    const caption = within(phone).getByText('applicant_phone');
    expect(caption.className).toContain('MuiTypography-caption');
    expect(screen.getByText('電話番号').textContent).not.toContain('（');

    await user.type(input, 'child_');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['氏、child_last_name']);
    await user.clear(input);
    await user.type(input, '電話');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['電話番号、applicant_phone']);
  });

  it('shows picked codes as chips of the name, the code their title (and said where names are alike)', () => {
    render(<Several start={['applicant_phone', 'child_last_name', 'ghost']} />);
    const phone = screen.getByTitle('applicant_phone');
    expect(phone.textContent).toBe('電話番号');
    // Two options are called 氏: the chip says which to a screen reader too.
    expect(screen.getByTitle('child_last_name').textContent).toBe('氏、child_last_name');
    // A code no option offers shows the code, flagged.
    expect(screen.getByText('ghost（候補にないコード）')).toBeTruthy();
  });
});

describe('CodePicker', () => {
  it('reads the picked code as 「name · code」 in its input', () => {
    render(<One start="applicant_phone" />);
    expect(screen.getByRole('combobox', { name: '手続きコード' })).toHaveProperty(
      'value',
      '電話番号 · applicant_phone',
    );
  });
});
