import { describe, expect, it } from 'vitest';
import { callbackUrl, signingIdOf } from './digital';
import { screenForProblem } from '../submission/submit';

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

  it('sends each submission problem to the screen that fixes it', () => {
    expect(screenForProblem({ field: 'signature' })).toEqual({
      screen: 'signatureDigitalCertificateConfirm',
    });
    expect(screenForProblem({ field: 'identification' })).toEqual({ screen: 'identification' });
    expect(screenForProblem({ field: 'attach_bankbook' })).toEqual({ screen: 'attached' });
    expect(screenForProblem({ field: 'child_first_name.2' })).toEqual({
      screen: 'form',
      field: 'child_first_name',
    });
    expect(screenForProblem({})).toEqual({ screen: 'formValues' });
  });
});
