import { describe, expect, it } from 'vitest';
import { auditFiltersToSearch, parseAuditFilters } from './audit-filters';

describe('audit log filters in the address', () => {
  it('reads and writes them, dropping bad values', () => {
    const f = parseAuditFilters({
      actor_id: '0190a3c4-1111-7222-8333-944455556666',
      action: ' document.status ',
      from: '2026-11-30',
      to: '2026-11-01',
      page: '2',
      page_size: '50',
    });
    expect(f).toEqual({
      actor_id: '0190a3c4-1111-7222-8333-944455556666',
      action: 'document.status',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 2,
      page_size: 50,
    });
    expect(parseAuditFilters(auditFiltersToSearch(f))).toEqual(f);
    expect(parseAuditFilters({ actor_id: 'me', page: '-1', page_size: '7' })).toEqual({
      page: 1,
      page_size: 25,
    });
    expect(auditFiltersToSearch({ page: 1, page_size: 25 })).toEqual({});
  });
});
