import { afterEach, describe, expect, it } from 'vitest';
import { ProcedureGroupConfiguration } from '@portal/contracts';
import { createProcedureGroupRepository } from '../modules/configuration/procedure-group.repository.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/databases.js';
import { runMigrations } from '../db/migrate.js';
import { demoData } from '@portal/demo';
import { seedCounts, seedDemo } from './seed.js';

describe.each(databaseKinds)('database on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('applies the migrations to an empty database, and again without change', async () => {
    database = await createTestDatabase(kind);
    const tables = await database.executeSql(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(Number(tables.rows[0]?.n)).toBeGreaterThan(25);
    await runMigrations(database);
    const applied = await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(Number(applied.rows[0]?.n)).toBeGreaterThanOrEqual(1);
  });

  it('seeds idempotently: a second run changes no count', async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database, demoData);
    const first = await seedCounts(database);
    expect(first.municipalities).toBe(2);
    expect(first.staff_accounts).toBeGreaterThanOrEqual(7);
    expect(first.configuration_versions).toBe(first.procedure_groups);
    await seedDemo(database, demoData);
    expect(await seedCounts(database)).toEqual(first);
  });

  it('publishes each seeded group as a snapshot equal to its configuration document', async () => {
    database = await createTestDatabase(kind, { seeded: true });
    const groups = createProcedureGroupRepository(database.db);
    for (const m of demoData.municipalities) {
      for (const group of m.procedure_groups) {
        const read = await groups.read(group.id);
        expect(ProcedureGroupConfiguration.parse(read)).toBeTruthy();
        const { standard_items: _a, ...readRest } = read!;
        const { standard_items: _b, ...seedRest } = group;
        expect(readRest).toEqual(seedRest);
        const codes = new Set(read!.standard_items.map((i) => i.code));
        for (const p of group.disclosure.procedures) {
          for (const f of p.procedure_fragments) expect(codes.has(f.standard_item_code)).toBe(true);
        }
      }
    }
  });
});
