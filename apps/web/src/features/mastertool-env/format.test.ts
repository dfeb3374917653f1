import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows the time in Japan, nothing for none, the text for an unreadable value', () => {
    expect(formatDateTime('2026-11-21T08:38:00Z', 'ja')).toBe('2026/11/21 17:38');
    expect(formatDateTime('2026-11-21T08:38:00Z', 'en')).toMatch(/Nov 21, 2026, 5:38/);
    expect(formatDateTime(null, 'ja')).toBe('');
    expect(formatDateTime('soon', 'ja')).toBe('soon');
  });
});
