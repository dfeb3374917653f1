import { describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/api/default-client';
import { clientFor, envQueryKey, pageEnv } from './environments';

describe('master-tool environments', () => {
  it('uses the app client for the page’s own environment and a /stg-api client for staging', () => {
    expect(pageEnv).toBe('product'); // outside a browser the page is production's
    expect(clientFor('product')).toBe(apiClient);
    expect(clientFor('product').apiPrefix).toBe('/api');
    expect(clientFor('staging').apiPrefix).toBe('/stg-api');
    expect(clientFor('staging')).toBe(clientFor('staging'));
  });

  it('keeps the other environment’s answers apart in the cache', () => {
    const params = { params: { code: '999999', reflectionManagerId: 1 } };
    expect(envQueryKey('product', 'operator.reflection_managers.diff', params)).toEqual([
      'operator.reflection_managers.diff',
      params.params,
      {},
    ]);
    expect(envQueryKey('staging', 'operator.reflection_managers.diff', params)).toEqual([
      'env',
      'staging',
      'operator.reflection_managers.diff',
      params.params,
      {},
    ]);
  });
});
