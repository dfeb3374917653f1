import { describe, expect, it } from 'vitest';
import { nextId } from './editor-state';

describe('nextId', () => {
  it('is one past the largest id, 1 for none', () => {
    expect(nextId([3, 9, 2])).toBe(10);
    expect(nextId([])).toBe(1);
  });
});
