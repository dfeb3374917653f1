import { describe, expect, it } from 'vitest';
import { downloadName } from './download';

describe('downloadName', () => {
  it('names the zip after the reference numbers, or the application', () => {
    expect(downloadName(['2026-000001', '2026-000002'], 'abc')).toBe(
      'application-2026-000001_2026-000002.zip',
    );
    expect(downloadName([], '0123456789abcdef')).toBe('application-01234567.zip');
    expect(downloadName(['../evil/'], 'x')).toBe('application-evil.zip');
  });
});
