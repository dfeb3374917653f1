import { describe, expect, it } from 'vitest';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import type { ProcedureGroupRepository, ReplacementQueries } from './procedure-group.repository.js';
import { replaceProcedureGroup } from './procedure-group.service.js';

/** A repository whose replacement queries answer the given facts and record the rebuild asked for. */
function fakeGroups(facts: {
  owner?: number | null;
  foreign?: { procedures: number[]; templates: number[] };
  current?: { id: number; code: string }[];
  documented?: number[];
  offeredByOpen?: number[];
}) {
  const seen: { statuses?: readonly string[]; rebuild?: unknown } = {};
  const q = {
    ownerOf: async () => facts.owner ?? null,
    foreignIds: async () => facts.foreign ?? { procedures: [], templates: [] },
    proceduresOf: async () => facts.current ?? [],
    documentedProcedureIds: async () => facts.documented ?? [],
    procedureIdsOfVersionsIn: async (_: number, statuses: readonly string[]) => {
      seen.statuses = statuses;
      return facts.offeredByOpen ?? [];
    },
    rebuild: async (_m: number, _g: unknown, procedures: unknown) => {
      seen.rebuild = procedures;
    },
  } as unknown as ReplacementQueries;
  const groups = { replacement: (work: (q: ReplacementQueries) => unknown) => work(q) };
  return { groups: groups as unknown as ProcedureGroupRepository, seen };
}

const group = (procedures: { id: number; code: string }[]) =>
  ({ id: 1, disclosure: { procedures }, workflow_templates: [] }) as unknown as ProcedureGroupConfiguration;

describe('replacing a procedure group: what is kept or refused', () => {
  it('refuses a group of another municipality and ids of another group (409)', async () => {
    const other = fakeGroups({ owner: 2 });
    await expect(replaceProcedureGroup(other.groups, 1, group([]), 'keep')).rejects.toMatchObject({
      status: 409,
      message: 'procedure group 1 belongs to another municipality',
    });
    const foreign = fakeGroups({ owner: 1, foreign: { procedures: [7], templates: [3] } });
    await expect(replaceProcedureGroup(foreign.groups, 1, group([]), 'keep')).rejects.toMatchObject({
      status: 409,
      message: 'procedure 7, workflow template 3 belong(s) to another procedure group',
    });
  });

  it('never renames a documented procedure', async () => {
    const { groups } = fakeGroups({ current: [{ id: 5, code: 'birth' }], documented: [5] });
    await expect(
      replaceProcedureGroup(groups, 1, group([{ id: 5, code: 'born' }]), 'keep'),
    ).rejects.toMatchObject({
      message: 'procedure 5 has documents under the code "birth"; it cannot become "born"',
    });
  });

  it("keeps what documents or open applications need on 'keep', refuses dropping it on 'refuse'", async () => {
    const facts = {
      current: [
        { id: 5, code: 'birth' },
        { id: 6, code: 'move' },
        { id: 8, code: 'gone' },
      ],
      documented: [5],
      offeredByOpen: [6],
    };
    const keep = fakeGroups(facts);
    expect(await replaceProcedureGroup(keep.groups, 1, group([]), 'keep')).toEqual({
      keptProcedureIds: [5, 6],
    });
    expect(keep.seen.statuses).toEqual(['draft', 'remanded']);
    expect(keep.seen.rebuild).toEqual({ rebuilt: [8], removed: [8] });
    const refuse = fakeGroups(facts);
    await expect(replaceProcedureGroup(refuse.groups, 1, group([]), 'refuse')).rejects.toMatchObject({
      status: 409,
      message: 'documents refer to procedure 5 "birth": it cannot be removed',
    });
    expect(refuse.seen.statuses).toBeUndefined();
  });
});
