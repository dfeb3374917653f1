import { describe, expect, it } from 'vitest';
import { routerBasepath } from './start';

describe('router base path', () => {
  it('serves production at the target base and staging under /stg', () => {
    expect(routerBasepath('applicant', 'production')).toBe('/');
    expect(routerBasepath('municipality', 'production')).toBe('/staff/');
    expect(routerBasepath('mastertool', 'production')).toBe('/mastertool/');
    expect(routerBasepath('applicant', 'staging')).toBe('/stg/');
    expect(routerBasepath('municipality', 'staging')).toBe('/stg/staff/');
    expect(routerBasepath('mastertool', 'staging')).toBe('/stg/mastertool/');
  });
});
