import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';
import { createConciergeService } from './concierge.service.js';
import { today } from './rules.js';

const group = (start: string, end: string) =>
  ({
    config: { disclosure: { is_publish: true, start_date: start, end_date: end } },
  }) as unknown as PublishedGroup & { config: ProcedureGroupConfiguration };

describe('the concierge’s today', () => {
  // 00:30 JST on 25 November is still 24 November in UTC: the rules and the browser read the Japan day.
  const clock = () => new Date('2026-11-24T15:30:00Z');

  it('opens a group on its first day in Japan, before UTC reaches that day', () => {
    const service = createConciergeService({ published: {} as PublishedConfiguration, clock });
    expect(service.isOpen(group('2026-11-25', '2027-03-31'))).toBe(true);
    expect(service.isOpen(group('2026-11-01', '2026-11-24'))).toBe(false);
  });

  it('gives the rules the Japan date for age() and periods', () => {
    expect(today(clock)).toEqual({ today: '2026-11-25' });
  });
});
