import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devIdentityCards, municipalities, registryResidents } from '../../db/schema/index.js';

/** Wrong PINs in a row that lock a card, as on a real My Number Card (identification PIN). */
export const MAX_PIN_ATTEMPTS = 3;

export type TestResident = Omit<
  typeof registryResidents.$inferSelect,
  | 'householdId'
  | 'relationshipToHead'
  | 'registeredDomicile'
  | 'registeredDomicileHead'
  | 'publicFundsAccount'
> & {
  municipalityCode: string;
  municipalityName: string;
};

export type PinCheck =
  | { status: 'ok' }
  | { status: 'wrong'; remaining: number }
  /** `justLocked`: this attempt was the last one. */
  | { status: 'locked'; justLocked: boolean };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The demo resident registry as the stand-in's card holders, and their cards' PIN counters. */
export function createResidentDirectory(db: Db) {
  const columns = {
    subject: registryResidents.subject,
    municipalityId: registryResidents.municipalityId,
    lastName: registryResidents.lastName,
    firstName: registryResidents.firstName,
    lastNameKana: registryResidents.lastNameKana,
    firstNameKana: registryResidents.firstNameKana,
    birthDate: registryResidents.birthDate,
    sex: registryResidents.sex,
    postalCode: registryResidents.postalCode,
    address: registryResidents.address,
    phone: registryResidents.phone,
    pin: registryResidents.pin,
    municipalityCode: municipalities.code,
    municipalityName: municipalities.name,
  };

  return {
    /** Every test resident, of every municipality. */
    async list(): Promise<TestResident[]> {
      return db
        .select(columns)
        .from(registryResidents)
        .innerJoin(municipalities, eq(municipalities.id, registryResidents.municipalityId))
        .orderBy(asc(municipalities.code), asc(registryResidents.subject));
    },

    async find(subject: string): Promise<TestResident | null> {
      const rows = await db
        .select(columns)
        .from(registryResidents)
        .innerJoin(municipalities, eq(municipalities.id, registryResidents.municipalityId))
        .where(eq(registryResidents.subject, subject))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Whether the card of `subject` is locked (its PIN was entered wrongly too many times). */
    async isLocked(subject: string): Promise<boolean> {
      const rows = await db
        .select({ lockedAt: devIdentityCards.lockedAt })
        .from(devIdentityCards)
        .where(eq(devIdentityCards.subject, subject))
        .limit(1);
      return rows[0]?.lockedAt != null;
    },

    /**
     * Checks a PIN against the card. A locked card refuses even the right PIN; a wrong one counts (the
     * third in a row locks the card); the right one resets the count. Each outcome is one statement, so
     * two processes cannot both use the last attempt.
     */
    async checkPin(resident: TestResident, pin: string): Promise<PinCheck> {
      const { subject } = resident;
      await db.insert(devIdentityCards).values({ subject }).onConflictDoNothing();
      const open = and(eq(devIdentityCards.subject, subject), isNull(devIdentityCards.lockedAt));
      if (timingSafeEqual(digest(pin), digest(resident.pin))) {
        const rows = await db
          .update(devIdentityCards)
          .set({ failedPinAttempts: 0 })
          .where(open)
          .returning({ subject: devIdentityCards.subject });
        return rows.length > 0 ? { status: 'ok' } : { status: 'locked', justLocked: false };
      }
      const rows = await db
        .update(devIdentityCards)
        .set({
          failedPinAttempts: sql`${devIdentityCards.failedPinAttempts} + 1`,
          lockedAt: sql`case when ${devIdentityCards.failedPinAttempts} + 1 >= ${MAX_PIN_ATTEMPTS} then now() end`,
        })
        .where(open)
        .returning({ attempts: devIdentityCards.failedPinAttempts, lockedAt: devIdentityCards.lockedAt });
      const row = rows[0];
      if (!row) return { status: 'locked', justLocked: false };
      if (row.lockedAt) return { status: 'locked', justLocked: true };
      return { status: 'wrong', remaining: MAX_PIN_ATTEMPTS - row.attempts };
    },
  };
}
export type ResidentDirectory = ReturnType<typeof createResidentDirectory>;
