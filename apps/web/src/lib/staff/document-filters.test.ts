import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  documentFiltersToSearch,
  documentListQuery,
  hasFilters,
  isoDateOrUndefined,
  pageCount,
  parseDocumentFilters,
  withFilters,
} from './document-filters';

describe('parseDocumentFilters', () => {
  it('reads the defaults from an empty address', () => {
    expect(parseDocumentFilters({})).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter, sorting and paging', () => {
    expect(
      parseDocumentFilters({
        status: 'remanded',
        procedure_code: 'child_allowance',
        department_id: '2',
        received_from: '2026-11-01',
        received_to: '2026-11-30',
        text: '  山田 ',
        sort: 'reference_number',
        page: '3',
        page_size: '50',
      }),
    ).toEqual({
      status: 'remanded',
      procedure_code: 'child_allowance',
      department_id: 2,
      received_from: '2026-11-01',
      received_to: '2026-11-30',
      text: '山田',
      sort: 'reference_number',
      page: 3,
      page_size: 50,
    });
  });

  it('accepts numbers as the router parses them, and page_size=all (always page 1)', () => {
    expect(parseDocumentFilters({ page: 2, page_size: 25, department_id: 1, text: 2026 })).toMatchObject({
      page: 2,
      page_size: 25,
      department_id: 1,
      text: '2026',
    });
    expect(parseDocumentFilters({ page: 4, page_size: 'all' })).toMatchObject({ page: 1, page_size: 'all' });
  });

  it('drops what it cannot use instead of failing', () => {
    expect(
      parseDocumentFilters({
        status: 'lost',
        procedure_code: '<script>',
        department_id: '-1',
        received_from: '2026-02-30',
        received_to: 'yesterday',
        text: '   ',
        sort: 'applicant_name',
        page: '0',
        page_size: '7',
      }),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('reads a reversed date range as the range meant', () => {
    expect(parseDocumentFilters({ received_from: '2026-12-01', received_to: '2026-11-01' })).toMatchObject({
      received_from: '2026-11-01',
      received_to: '2026-12-01',
    });
  });

  it('reads the overdue filter and the deadline sorts (decision 0019)', () => {
    expect(parseDocumentFilters({ overdue: true, sort: 'due_at' })).toMatchObject({
      overdue: true,
      sort: 'due_at',
    });
    expect(parseDocumentFilters({ overdue: 'true', sort: '-due_at' })).toMatchObject({
      overdue: true,
      sort: '-due_at',
    });
    for (const overdue of [false, 'false', 'yes', 1]) {
      expect(parseDocumentFilters({ overdue }).overdue, String(overdue)).toBeUndefined();
    }
  });

  it('caps the text at 100 characters', () => {
    expect(parseDocumentFilters({ text: 'あ'.repeat(150) }).text).toHaveLength(100);
  });
});

describe('documentFiltersToSearch', () => {
  it('writes only what differs from the defaults', () => {
    expect(documentFiltersToSearch(DEFAULT_FILTERS)).toEqual({});
    expect(
      documentFiltersToSearch({
        ...DEFAULT_FILTERS,
        status: 'received',
        page: 2,
        page_size: 'all',
        sort: 'received_at',
      }),
    ).toEqual({ status: 'received', page: 2, page_size: 'all', sort: 'received_at' });
  });

  it('round-trips through the parser', () => {
    const filters = parseDocumentFilters({
      status: 'completed',
      text: 'ヤマダ',
      page: '2',
      page_size: '100',
    });
    expect(parseDocumentFilters(documentFiltersToSearch(filters))).toEqual(filters);
  });

  it('writes the overdue filter as a flag the list call sends as text, and counts it as a filter', () => {
    const filters = parseDocumentFilters({ overdue: 'true', sort: 'due_at' });
    expect(documentFiltersToSearch(filters)).toEqual({ overdue: true, sort: 'due_at' });
    expect(parseDocumentFilters(documentFiltersToSearch(filters))).toEqual(filters);
    expect(documentListQuery(filters)).toEqual({ overdue: true, sort: 'due_at', page: 1, page_size: 10 });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(withFilters(filters, { overdue: undefined }))).toBe(false);
  });

  it('reads and writes 「自分の担当」 (assigned_to_me) as a flag, and counts it as a filter', () => {
    const filters = parseDocumentFilters({ assigned_to_me: 'true' });
    expect(filters.assigned_to_me).toBe(true);
    expect(documentFiltersToSearch(filters)).toEqual({ assigned_to_me: true });
    expect(documentListQuery(filters)).toEqual({ assigned_to_me: true, page: 1, page_size: 10 });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(withFilters(filters, { assigned_to_me: undefined }))).toBe(false);
    for (const value of [false, 'false', 'yes', 1]) {
      expect(parseDocumentFilters({ assigned_to_me: value }).assigned_to_me, String(value)).toBeUndefined();
    }
  });

  it('always sends page and page size to the list call', () => {
    expect(documentListQuery(DEFAULT_FILTERS)).toEqual({ page: 1, page_size: 10 });
  });
});

describe('withFilters', () => {
  const current = parseDocumentFilters({ status: 'received', text: '山田', page: '3' });

  it('starts again at page 1 when a filter changes', () => {
    expect(withFilters(current, { status: 'completed' })).toMatchObject({
      status: 'completed',
      text: '山田',
      page: 1,
    });
  });

  it('keeps the filters when the page changes', () => {
    expect(withFilters(current, { page: 4 })).toMatchObject({ status: 'received', text: '山田', page: 4 });
  });

  it('removes a filter set to undefined', () => {
    const next = withFilters(current, { text: undefined });
    expect(next.text).toBeUndefined();
    expect(hasFilters(next)).toBe(true);
    expect(hasFilters(withFilters(next, { status: undefined }))).toBe(false);
  });
});

describe('helpers', () => {
  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(500, 'all')).toBe(1);
  });

  it('accepts only real calendar dates', () => {
    expect(isoDateOrUndefined('2028-02-29')).toBe('2028-02-29');
    expect(isoDateOrUndefined('2026-02-29')).toBeUndefined();
    expect(isoDateOrUndefined(20261101)).toBeUndefined();
  });
});
