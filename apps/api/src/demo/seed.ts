import { DEMO_PASSWORD, type DemoData, type DemoResident } from '@portal/demo';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import * as t from '../db/schema/index.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { createProcedureGroupRepository } from '../modules/configuration/procedure-group.repository.js';
import { permissionRows } from '../modules/staff-accounts/permission-rows.js';

const permissionId = (code: string) => {
  const found = permissionRows.find((p) => p.code === code);
  if (!found) throw new Error(`unknown permission ${code}`);
  return found.id;
};

/** True when no municipality exists yet: the first start of an empty database. */
export async function isEmpty(database: Database): Promise<boolean> {
  const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(t.municipalities);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Loads the demo data. Idempotent: what exists is left as it is (matched by code, email, login id or
 * configuration id), so running it twice changes nothing.
 */
export async function seedDemo(database: Database, data: DemoData): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One transaction: all or nothing, and processes starting together on one database seed once.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7290003)`);
    await seedInto(tx, data, passwordHash);
  });
}

async function seedInto(db: Db, data: DemoData, passwordHash: string): Promise<void> {
  const groups = createProcedureGroupRepository(db);

  await db
    .insert(t.permissions)
    .values([...permissionRows])
    .onConflictDoNothing();
  await groups.upsertStandardItems(data.standard_items);

  for (const m of data.municipalities) {
    await db
      .insert(t.municipalities)
      .values({ code: m.code, name: m.name, nameEn: m.name_en })
      .onConflictDoNothing();
    const municipality = (
      await db.select().from(t.municipalities).where(eq(t.municipalities.code, m.code))
    )[0]!;
    await db
      .insert(t.departments)
      .values(m.departments.map((d) => ({ municipalityId: municipality.id, code: d.code, name: d.name })))
      .onConflictDoNothing();
    const departments = await db
      .select()
      .from(t.departments)
      .where(eq(t.departments.municipalityId, municipality.id));
    const departmentId = (code: string) => {
      const found = departments.find((d) => d.code === code);
      if (!found) throw new Error(`unknown department ${code} in ${m.code}`);
      return found.id;
    };
    for (const terms of m.terms) {
      await db
        .insert(t.termsOfService)
        .values({
          municipalityId: municipality.id,
          device: terms.device,
          title: terms.title,
          body: terms.body,
          updatedAt: terms.updated_at,
        })
        .onConflictDoNothing();
    }
    for (const group of m.procedure_groups) {
      if (await groups.exists(group.id)) continue;
      await groups.create(municipality.id, group);
      await groups.publish(municipality.id, group.id, 'seed');
    }
    for (const s of m.staff) {
      const inserted = await db
        .insert(t.staffAccounts)
        .values({
          municipalityId: municipality.id,
          email: s.email,
          passwordHash,
          lastName: s.last_name,
          firstName: s.first_name,
          lastNameKana: s.last_name_kana,
          firstNameKana: s.first_name_kana,
          permissionId: permissionId(s.permission),
        })
        .onConflictDoNothing()
        .returning({ id: t.staffAccounts.id });
      const account = inserted[0];
      if (!account) continue;
      await db.insert(t.staffAccountDepartments).values(
        s.department_codes.map((code) => ({
          staffAccountId: account.id,
          departmentId: departmentId(code),
        })),
      );
    }
    for (const r of data.residents.filter((r) => r.municipality_code === m.code)) {
      const row = registryEntryOf(r, municipality.id);
      const {
        householdId,
        relationshipToHead,
        registeredDomicile,
        registeredDomicileHead,
        publicFundsAccount,
      } = row;
      await db
        .insert(t.registryResidents)
        .values(row)
        // A database seeded before the registry held households gets them (the demo registry is ours).
        .onConflictDoUpdate({
          target: t.registryResidents.subject,
          set: {
            householdId,
            relationshipToHead,
            registeredDomicile,
            registeredDomicileHead,
            publicFundsAccount,
          },
        });
    }
  }
  for (const o of data.operators) {
    await db
      .insert(t.operators)
      .values({ loginId: o.login_id, name: o.name, passwordHash })
      .onConflictDoNothing();
  }
}

/** Counts of every seeded table, to prove a second run changes nothing. */
export async function seedCounts(database: Database): Promise<Record<string, number>> {
  const tables = {
    municipalities: t.municipalities,
    departments: t.departments,
    standard_items: t.standardItems,
    procedure_groups: t.procedureGroups,
    procedures: t.procedures,
    concierge_options: t.conciergeOptions,
    configuration_versions: t.configurationVersions,
    staff_accounts: t.staffAccounts,
    staff_account_departments: t.staffAccountDepartments,
    operators: t.operators,
    registry_residents: t.registryResidents,
    terms_of_service: t.termsOfService,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = rows[0]?.n ?? 0;
  }
  return out;
}

/** A demo resident as the registry holds them. */
export function registryEntryOf(
  r: DemoResident,
  municipalityId = 0,
): typeof t.registryResidents.$inferSelect {
  return {
    subject: r.subject,
    municipalityId,
    lastName: r.last_name,
    firstName: r.first_name,
    lastNameKana: r.last_name_kana,
    firstNameKana: r.first_name_kana,
    birthDate: r.birth_date,
    sex: r.sex,
    postalCode: r.postal_code,
    address: r.address,
    phone: r.phone,
    pin: r.pin,
    householdId: r.household?.id ?? null,
    relationshipToHead: r.household?.relationship_to_head ?? null,
    registeredDomicile: r.registered_domicile?.address ?? null,
    registeredDomicileHead: r.registered_domicile?.head ?? null,
    publicFundsAccount: r.public_funds_account ?? null,
  };
}
