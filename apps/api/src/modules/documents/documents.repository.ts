import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  applications,
  departments,
  documents,
  referenceCounters,
  workflowDetails,
} from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewDocument {
  procedureId: number;
  departmentCode: string | null;
  applicantName: string;
  applicantNameKana: string | null;
  signature: Record<string, unknown> | null;
  steps: { sequence: number; name: string; departmentCode: string | null }[];
}

export function createDocumentRepository(db: Db) {
  /** The next reference number of a municipality, e.g. 2026-000042 (yearly counter, taken in the transaction). */
  async function nextReference(tx: Tx, municipalityId: number, year: number): Promise<string> {
    const rows = await tx
      .insert(referenceCounters)
      .values({ municipalityId, year, value: 1 })
      .onConflictDoUpdate({
        target: [referenceCounters.municipalityId, referenceCounters.year],
        set: { value: sql`${referenceCounters.value} + 1` },
      })
      .returning({ value: referenceCounters.value });
    return `${year}-${String(rows[0]!.value).padStart(6, '0')}`;
  }

  async function departmentIds(tx: Tx, municipalityId: number): Promise<Map<string, number>> {
    const rows = await tx.select().from(departments).where(eq(departments.municipalityId, municipalityId));
    return new Map(rows.map((d) => [d.code, d.id]));
  }

  return {
    forApplication: (applicationId: string) =>
      db.select().from(documents).where(eq(documents.applicationId, applicationId)),

    /** First submission: one document per procedure, with its workflow steps, and the application submitted. */
    async submit(input: {
      municipalityId: number;
      applicationId: string;
      at: Date;
      documents: NewDocument[];
    }): Promise<void> {
      await db.transaction(async (tx) => {
        const depts = await departmentIds(tx, input.municipalityId);
        for (const d of input.documents) {
          const reference = await nextReference(tx, input.municipalityId, input.at.getFullYear());
          const inserted = await tx
            .insert(documents)
            .values({
              municipalityId: input.municipalityId,
              applicationId: input.applicationId,
              procedureId: d.procedureId,
              departmentId: d.departmentCode ? (depts.get(d.departmentCode) ?? null) : null,
              referenceNumber: reference,
              status: 'received',
              applicantName: d.applicantName,
              applicantNameKana: d.applicantNameKana,
              signature: d.signature,
              receivedAt: input.at,
              updatedAt: input.at,
            })
            .returning({ id: documents.id });
          const documentId = inserted[0]!.id;
          for (const step of d.steps) {
            await tx.insert(workflowDetails).values({
              documentId,
              sequence: step.sequence,
              name: step.name,
              departmentId: step.departmentCode ? (depts.get(step.departmentCode) ?? null) : null,
              status: 'pending',
              updatedAt: input.at,
            });
          }
        }
        await tx
          .update(applications)
          .set({
            status: 'submitted',
            currentStep: 'complete',
            submittedAt: input.at,
            updatedAt: input.at,
            remandMessage: null,
          })
          .where(eq(applications.id, input.applicationId));
      });
    },

    /** Resubmission after a remand: remanded documents move to resubmitted, the application to submitted. */
    async resubmit(input: {
      applicationId: string;
      at: Date;
      signatures: Map<number, Record<string, unknown>>;
    }) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(documents)
          .where(and(eq(documents.applicationId, input.applicationId), eq(documents.status, 'remanded')));
        for (const row of rows) {
          await tx
            .update(documents)
            .set({
              status: 'resubmitted',
              updatedAt: input.at,
              ...(input.signatures.has(row.procedureId)
                ? { signature: input.signatures.get(row.procedureId) }
                : {}),
            })
            .where(eq(documents.id, row.id));
        }
        await tx
          .update(applications)
          .set({ status: 'submitted', currentStep: 'complete', updatedAt: input.at, remandMessage: null })
          .where(eq(applications.id, input.applicationId));
      });
    },

    /** Withdrawal: every document still open, and the application, become withdrawn. */
    async withdraw(input: { applicationId: string; at: Date; openStatuses: string[] }) {
      await db.transaction(async (tx) => {
        await tx
          .update(documents)
          .set({ status: 'withdrawn', updatedAt: input.at })
          .where(
            and(
              eq(documents.applicationId, input.applicationId),
              inArray(documents.status, input.openStatuses),
            ),
          );
        await tx
          .update(applications)
          .set({ status: 'withdrawn', updatedAt: input.at })
          .where(eq(applications.id, input.applicationId));
      });
    },
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
