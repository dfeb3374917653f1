import { describe, expect, it } from 'vitest';
import { applicationStates, type ApplicationStatus } from '@portal/contracts';
import {
  applicationMoveAfter,
  correctionsOf,
  followApplication,
  remandMessageOf,
} from './document-status.service.js';
import type { StatusQueries } from './documents.repository.js';

/** Named queries that record what the service asked for, over one application in a given state. */
function fakeQueries(status: ApplicationStatus | null, openLeft = 0) {
  const calls: unknown[][] = [];
  const q = {
    moveDocument: async () => true,
    lockApplication: async (id: string) => (calls.push(['lock', id]), status),
    documentsIn: async () => [
      { procedureName: '児童手当', remandMessage: '電話番号を直してください', remandFields: null },
      { procedureName: '出生届', remandMessage: null, remandFields: null },
    ],
    countDocumentsNotIn: async () => (calls.push(['count']), openLeft),
    setApplicationStatus: async (input: { to: string; remandMessage?: string | null }) => {
      calls.push(['set', input.to, input.remandMessage]);
    },
    recordChange: async () => {},
  } as unknown as StatusQueries;
  return { q, calls };
}

const at = new Date('2026-11-20T01:00:00Z');

describe('what a document move does to its application', () => {
  it('remands only an application the state machine lets be remanded, or keeps a remanded one so', () => {
    const remandable = applicationStates.states.filter((s) => applicationMoveAfter('remanded', s) !== null);
    expect(remandable).toEqual(['submitted', 'remanded']);
    const completable = applicationStates.states.filter((s) => applicationMoveAfter('completed', s) !== null);
    expect(completable).toEqual(['submitted']);
    expect(applicationMoveAfter('rejected', 'submitted')).toBe('completed');
    expect(applicationMoveAfter('in_progress', 'submitted')).toBeNull();
  });

  it('names each procedure when more than one document is remanded', () => {
    expect(remandMessageOf([])).toBeNull();
    expect(remandMessageOf([{ procedureName: 'a', remandMessage: 'm' }])).toBe('m');
    expect(
      remandMessageOf([
        { procedureName: 'a', remandMessage: 'm' },
        { procedureName: 'b', remandMessage: null },
      ]),
    ).toBe('【a】m\n\n【b】');
  });

  it('leaves an application that cannot be remanded (draft, completed, withdrawn) as it is', async () => {
    for (const status of ['draft', 'completed', 'withdrawn'] as const) {
      const { q, calls } = fakeQueries(status);
      await followApplication(q, 'app', 'remanded', at);
      expect(calls, status).toEqual([['lock', 'app']]);
    }
  });

  it('remands a submitted application with every remanded message, and refreshes a remanded one', async () => {
    for (const status of ['submitted', 'remanded'] as const) {
      const { q, calls } = fakeQueries(status);
      await followApplication(q, 'app', 'remanded', at);
      expect(calls.at(-1)).toEqual(['set', 'remanded', '【児童手当】電話番号を直してください\n\n【出生届】']);
    }
  });

  it('completes a submitted application only when no document is left open', async () => {
    const open = fakeQueries('submitted', 1);
    await followApplication(open.q, 'app', 'completed', at);
    expect(open.calls).toEqual([['lock', 'app'], ['count']]);
    const last = fakeQueries('submitted', 0);
    await followApplication(last.q, 'app', 'rejected', at);
    expect(last.calls.at(-1)).toEqual(['set', 'completed', undefined]);
    const remanded = fakeQueries('remanded', 0);
    await followApplication(remanded.q, 'app', 'completed', at);
    expect(remanded.calls).toEqual([['lock', 'app']]);
  });
});

describe('correctionsOf (decision 0023)', () => {
  const phone = { standard_item_code: 'applicant_phone', sequence: 1, note: '桁が足りません' };
  const child = { standard_item_code: 'child_first_name', sequence: 2, note: '二人目の名前' };
  it('opens every field when a remanded document named none, or nothing is remanded', () => {
    expect(correctionsOf([])).toBeNull();
    expect(correctionsOf([{ remandFields: [phone] }, { remandFields: null }])).toBeNull();
    expect(correctionsOf([{ remandFields: [] }])).toBeNull();
  });
  it('opens the named fields of every remanded document, a field named twice once with both notes', () => {
    expect(
      correctionsOf([{ remandFields: [phone] }, { remandFields: [child, { ...phone, note: '市外局番も' }] }]),
    ).toEqual([{ ...phone, note: '桁が足りません\n市外局番も' }, child]);
  });
});
