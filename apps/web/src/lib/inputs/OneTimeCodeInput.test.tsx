// Server-side rendering of the one-time-code input: one labelled numeric field with its help and error.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OneTimeCodeInput } from './OneTimeCodeInput';

const render = (props: Partial<Parameters<typeof OneTimeCodeInput>[0]> = {}) =>
  renderToStaticMarkup(
    <OneTimeCodeInput id="otp" label="確認コード" value="123" onChange={() => undefined} {...props} />,
  );

describe('OneTimeCodeInput', () => {
  it('is one labelled field for the phone keypad and SMS autofill', () => {
    const html = render();
    expect(html).toMatch(/<label[^>]*for="otp"[^>]*>確認コード<\/label>/);
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('id="otp"');
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('autoComplete="one-time-code"');
    expect(input).toContain('value="123"');
    expect(html.match(/<input/g)).toHaveLength(1);
  });

  it('draws six cells, hidden from screen readers', () => {
    const html = render();
    expect(html.match(/data-otp-cell=/g)).toHaveLength(6);
    const hidden = html.indexOf('aria-hidden="true"');
    expect(hidden).toBeGreaterThan(-1);
    expect(html.indexOf('data-otp-cell="1"')).toBeGreaterThan(hidden);
    expect(html.indexOf('<input')).toBeGreaterThan(html.indexOf('data-otp-cell="6"'));
  });

  it('ties the help and the error to the field', () => {
    const html = render({ help: 'SMSで届いた6桁の数字', error: '数字6桁を入力してください' });
    expect(html).toContain('aria-describedby="otp-help otp-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="otp-error"');
    expect(html).toContain('数字6桁を入力してください');
  });
});
