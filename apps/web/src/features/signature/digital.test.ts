import { describe, expect, it } from 'vitest';
import { callbackUrl, signingIdOf } from './digital';

describe('signing', () => {
  it('takes a signing id from the address only when it is a UUID', () => {
    expect(signingIdOf('0b0e5f5e-2f6b-4b6a-9a0e-2d5b8f0c1a11')).toBe('0b0e5f5e-2f6b-4b6a-9a0e-2d5b8f0c1a11');
    expect(signingIdOf('../x')).toBeNull();
    expect(signingIdOf(42)).toBeNull();
  });

  it('passes a return with code and state on to the API callback, and nothing else', () => {
    expect(callbackUrl({ code: 'abc', state: 's&t' })).toBe(
      '/api/callback/miid/temporary/?code=abc&state=s%26t',
    );
    expect(callbackUrl({ code: 'abc' })).toBeNull();
    expect(callbackUrl({ code: 'abc', state: 'x'.repeat(201) })).toBeNull();
    expect(callbackUrl({ code: 1, state: 'x' })).toBeNull();
  });
});
