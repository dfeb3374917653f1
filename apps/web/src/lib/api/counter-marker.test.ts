import { describe, expect, it } from 'vitest';
import { hasCounterMarker } from './counter-marker';

describe('hasCounterMarker', () => {
  it('finds the marker among the cookies, and only the marker', () => {
    expect(hasCounterMarker('csrf=abc; counter_session=1')).toBe(true);
    expect(hasCounterMarker('counter_session=1')).toBe(true);
    expect(hasCounterMarker('csrf=abc')).toBe(false);
    expect(hasCounterMarker('')).toBe(false);
    expect(hasCounterMarker('not_counter_session=1; stg_counter_session=1')).toBe(false);
  });
});
