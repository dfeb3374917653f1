import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../testing/databases.js';
import { createReflectionRepository } from '../mastertool/reflection.repository.js';
import { createMunicipalityRepository } from '../municipalities/municipalities.repository.js';
import { createConfigurationRepository } from './configuration.repository.js';

describe.each(databaseKinds)('live versions on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seeded: true });
  });
  afterAll(() => database.dispose());

  /** The demo groups: デモ市's 出生・子育て (1) and サンプル町's 妊娠・出産 (1001). */
  async function setting() {
    const municipalities = createMunicipalityRepository(database.db);
    const demo = (await municipalities.findByCode('999999'))!;
    const town = (await municipalities.findByCode('999998'))!;
    return { demo: demo.id, town: town.id, configuration: createConfigurationRepository(database.db) };
  }

  /** Publishes the group's live snapshot again as `version` and reflects it. */
  async function reflectNew(municipalityId: number, groupId: number, version: number) {
    const repo = createReflectionRepository(database.db);
    const current = await repo.live(groupId);
    const row = (await repo.version(groupId, current!.version))!;
    const at = new Date();
    await repo.insertVersion({
      municipalityId,
      groupId,
      version,
      snapshot: row.snapshot,
      publishedBy: 'op',
      at,
    });
    await repo.insertReflection({ municipalityId, groupId, version, reflectedBy: 'op', at });
  }

  const versionOf = async (municipalityId: number, groupId: number) =>
    (await (await setting()).configuration.liveVersions(municipalityId)).find((v) => v.groupId === groupId)
      ?.version;

  it("gives each group its own latest reflection, never another group's", async () => {
    const { demo, town } = await setting();
    const before = await versionOf(town, 1001);
    expect(before).toBeDefined();
    await reflectNew(demo, 1, 7);
    expect(await versionOf(demo, 1)).toBe(7);
    // サンプル町's group was not reflected: it stays on its version (it has no version 7).
    expect(await versionOf(town, 1001)).toBe(before);

    // A rollback of one group (a reflection of an older version) moves that group alone.
    await createReflectionRepository(database.db).insertReflection({
      municipalityId: town,
      groupId: 1001,
      version: before!,
      reflectedBy: 'op',
      at: new Date(),
    });
    expect(await versionOf(demo, 1)).toBe(7);
    expect(await versionOf(town, 1001)).toBe(before);
  });
});
