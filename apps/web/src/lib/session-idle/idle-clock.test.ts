import { describe, expect, it } from 'vitest';
import { createIdleClock, warningLeadMs } from './idle-clock';

const answer = (seconds?: string) => ({
  headers: new Headers(seconds === undefined ? {} : { 'X-Session-Idle-Seconds': seconds }),
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

describe('the idle clock', () => {
  it('sets the deadline from each answer’s header and remembers the full timeout', () => {
    let now = 1_000_000;
    const clock = createIdleClock({ key: 'k', now: () => now });
    const seen: unknown[] = [];
    clock.subscribe((d) => seen.push(d));
    clock.note(answer('1800'));
    expect(clock.current()).toEqual({ at: now + 1_800_000, fullSeconds: 1800 });
    now += 30_000;
    clock.note(answer('1770'));
    expect(clock.current()).toEqual({ at: now + 1_770_000, fullSeconds: 1800 });
    expect(seen).toHaveLength(2);
  });

  it('ignores answers without the header and values that are not seconds', () => {
    const clock = createIdleClock({ key: 'k', now: () => 0 });
    for (const bad of [undefined, '', '-5', '1e3', 'abc', '12345678']) clock.note(answer(bad));
    expect(clock.current()).toBeNull();
  });

  it('shares the deadline with the area’s other tabs, and takes a later one from them', () => {
    const storage = memoryStorage();
    const target = new EventTarget();
    const clock = createIdleClock({
      key: 'portal.session-idle.applicant',
      now: () => 0,
      storage,
      events: target as never,
    });
    clock.note(answer('600'));
    expect(JSON.parse(storage.items.get('portal.session-idle.applicant')!)).toEqual({
      at: 600_000,
      fullSeconds: 600,
    });
    const other = (value: unknown, key = 'portal.session-idle.applicant') =>
      target.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: JSON.stringify(value) }));
    other({ at: 900_000, fullSeconds: 1800 });
    expect(clock.current()).toEqual({ at: 900_000, fullSeconds: 1800 });
    // An older deadline, another area's, or something not ours changes nothing.
    other({ at: 100_000, fullSeconds: 1800 });
    other({ at: 2_000_000, fullSeconds: 1800 }, 'portal.session-idle.municipality');
    other('nonsense');
    expect(clock.current()).toEqual({ at: 900_000, fullSeconds: 1800 });
  });

  it('warns two minutes before the end, or half the timeout when that is shorter', () => {
    expect(warningLeadMs(1800)).toBe(120_000);
    expect(warningLeadMs(30)).toBe(15_000);
  });
});
