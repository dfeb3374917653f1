import { describe, expect, it } from 'vitest';
import { screenForProblem } from './submit';

describe('submission problems', () => {
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
