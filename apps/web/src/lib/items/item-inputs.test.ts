import { describe, expect, it } from 'vitest';
import { inputModeOf } from './item-inputs';

describe('inputModeOf', () => {
  it('opens the number pad for text items whose pattern takes digits alone (bank and branch codes)', () => {
    expect(inputModeOf({ type: 'text', pattern: '[0-9]{4}' })).toBe('numeric');
    expect(inputModeOf({ type: 'text', pattern: '[0-9]{6}|[0-9]{8}' })).toBe('numeric');
    expect(inputModeOf({ type: 'text', pattern: '[0-9]{3,4}' })).toBe('numeric');
  });

  it('keeps the full keyboard where letters or other signs may be typed, and the type’s own keyboard', () => {
    expect(inputModeOf({ type: 'text', pattern: null })).toBeUndefined();
    expect(inputModeOf({ type: 'text', pattern: '[A-Z]{2}[0-9]{4}' })).toBeUndefined();
    expect(inputModeOf({ type: 'text', pattern: '[0-9]{2}(\\.[0-9])?' })).toBeUndefined();
    expect(inputModeOf({ type: 'number', pattern: '[0-9]{3,4}' })).toBe('decimal');
    expect(inputModeOf({ type: 'phone', pattern: null })).toBe('tel');
    expect(inputModeOf({ type: 'postal_code', pattern: null })).toBe('numeric');
  });
});
