import { describe, expect, it } from 'vitest';
import {
  forgetPortalReturn,
  nextMove,
  portalErrorReason,
  readPortalReturn,
  rememberPortalReturn,
} from './mynaportal';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('personal portal route', () => {
  it('remembers the application across the trip to the portal', () => {
    const storage = memory();
    const id = '0b6f2c1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e';
    rememberPortalReturn({ code: '999999', applicationId: id }, 1000, storage);
    expect(readPortalReturn(storage)).toEqual({ code: '999999', applicationId: id, startedAt: 1000 });
    forgetPortalReturn(storage);
    expect(readPortalReturn(storage)).toBeNull();
    storage.setItem('portal.mynaportal', '{"code":"x","applicationId":"../../"}');
    expect(readPortalReturn(storage)).toBeNull();
    storage.setItem('portal.mynaportal', '{not json');
    expect(readPortalReturn(storage)).toBeNull();
  });

  it('polls until the portal answers, then goes on or explains', () => {
    expect(nextMove('created')).toBe('poll');
    expect(nextMove('authorizing')).toBe('poll');
    expect(nextMove('ready')).toBe('poll');
    expect(nextMove('fetched')).toBe('done');
    expect(nextMove('expired')).toBe('error');
    expect(portalErrorReason('expired')).toBe('expired');
    expect(portalErrorReason('<script>')).toBe('failed');
  });
});
