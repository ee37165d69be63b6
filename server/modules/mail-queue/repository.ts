import type { Insertable, Selectable } from 'kysely';
import type { Db, MailQueueTable } from '../../db/types';

export type QueuedMail = Selectable<MailQueueTable>;

export async function insertMail(db: Db, row: Insertable<MailQueueTable>): Promise<number> {
  const r = await db.insertInto('mail_queue').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Unsent mail whose next attempt is due, oldest first. */
export async function findDueMails(
  db: Db,
  now: string,
  maxAttempts: number,
  limit: number,
): Promise<QueuedMail[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes the mail for one sender: moves its next attempt to `leaseUntil` only if nobody else did
 * since it was read (another instance, another run). A sender that dies mid-send leaves the
 * mail due again once the lease ends.
 */
export async function claimMail(db: Db, mail: QueuedMail, leaseUntil: string): Promise<boolean> {
  const r = await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', mail.id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '=', mail.next_attempt_at)
    .where('attempts', '=', mail.attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markSent(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set((eb) => ({ sent_at: at, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ attempts, last_error: error, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .execute();
}
