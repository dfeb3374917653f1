import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devOutbox } from '../../db/schema/index.js';

export interface OutboxMessage {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

/** The development outbox: mails kept in the database instead of being sent (SMTP_URL unset). */
export function createOutboxRepository(db: Db) {
  return {
    async add(message: Omit<OutboxMessage, 'id'>): Promise<void> {
      await db.insert(devOutbox).values({
        sender: message.from,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        createdAt: message.createdAt,
      });
    },
    /** The latest messages, newest first; `to` keeps one recipient's only. */
    async latest(options: { limit: number; to?: string }): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(devOutbox)
        .where(options.to ? sql`lower(${devOutbox.recipient}) = ${options.to.toLowerCase()}` : undefined)
        .orderBy(desc(devOutbox.id))
        .limit(options.limit);
      return rows.map((r) => ({
        id: r.id,
        from: r.sender,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        createdAt: r.createdAt,
      }));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
