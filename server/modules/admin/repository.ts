import type { Db } from '../../db/types';

export async function countLoginEvents(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('login_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function listLoginEvents(db: Db, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('login_events')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countRecoveryAttempts(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('recovery_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function listRecoveryAttempts(db: Db, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('recovery_attempts')
    .select(['id', 'created_at', 'expires_at', 'delivered_at', 'completed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
