import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { apiQueryKey, shouldRetry } from './hooks';

describe('apiQueryKey', () => {
  it('is the route id, the path parameters and the query', () => {
    expect(
      apiQueryKey('applicant.terms', { params: { code: '999999' }, query: { device: 'browser' } }),
    ).toEqual(['applicant.terms', { code: '999999' }, { device: 'browser' }]);
    expect(apiQueryKey('applicant.login.status')).toEqual(['applicant.login.status', {}, {}]);
  });
});

describe('shouldRetry', () => {
  it('retries network failures and server errors twice, nothing else', () => {
    expect(shouldRetry(0, new ApiError(0, []))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, []))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, []))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, []))).toBe(false);
    expect(shouldRetry(0, new Error('Parse Error'))).toBe(false);
  });
});
