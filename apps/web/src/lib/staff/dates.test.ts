import { describe, expect, it } from 'vitest';
import { monthRange } from './dates';

describe('dates', () => {
  it('gives the month of a day', () => {
    expect(monthRange('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });
});
