import { type Insertable, PostgresAdapter, type Selectable } from 'kysely';
import type { Db, MailQueueTable } from '../../db/types';

export type QueuedMail = Selectable<MailQueueTable>;

export async function insertMail(db: Db, row: Insertable<MailQueueTable>): Promise<number> {
  const r = await db.insertInto('mail_queue').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Takes up to `limit` due mails for this sender in one statement, oldest first, by moving their
 * next attempt to `leaseUntil`; answers them as they were before. On PostgreSQL the rows are
 * picked `FOR UPDATE SKIP LOCKED`, so instances claiming at the same moment each get other mails
 * rather than waiting on or re-taking the same ones; SQLite runs one writer at a time anyway.
 * A sender that dies mid-send leaves its mails due again once the lease ends.
 */
export async function claimDueMails(
  db: Db,
  now: string,
  maxAttempts: number,
  limit: number,
  leaseUntil: string,
): Promise<QueuedMail[]> {
  const due = db
    .selectFrom('mail_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  const picked = db.getExecutor().adapter instanceof PostgresAdapter ? due.forUpdate().skipLocked() : due;
  const claimed = await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: leaseUntil })
    .where('id', 'in', picked)
    // Checked again on the row itself: what another sender claimed meanwhile is no longer due.
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.id - b.id);
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
