import { sql } from 'kysely';
import type { Db } from '../../db/types';

export async function insertRefreshToken(
  db: Db,
  row: { user_id: number; token_hash: string; family: string; created_at: string; expires_at: string },
): Promise<number> {
  const r = await db.insertInto('refresh_tokens').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findRefreshTokenById(db: Db, id: number) {
  return db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Points a rotated token at the successor that replaced its lost one. */
export async function setRefreshTokenSuccessor(db: Db, id: number, successorId: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ replaced_by_id: successorId }).where('id', '=', id).execute();
}

/** Marks a token rotated; false when another request rotated it first. */
export async function markRefreshTokenRotated(
  db: Db,
  id: number,
  at: string,
  replacedById: number,
): Promise<boolean> {
  const r = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at, replaced_by_id: replacedById })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(db: Db, family: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserRefreshTokens(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function deleteExpiredRefreshTokens(db: Db, now: string): Promise<number> {
  const r = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Recovery attempts used or expired before `before`: their links can no longer do anything. */
export async function deleteFinishedRecoveryAttempts(db: Db, before: string): Promise<number> {
  const r = await db
    .deleteFrom('recovery_attempts')
    .where((eb) =>
      eb.or([
        eb('completed_at', '<', before),
        eb.and([eb('completed_at', 'is', null), eb('expires_at', '<', before)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertLoginEvent(
  db: Db,
  userId: number,
  address: string | null,
  at: string,
): Promise<void> {
  await db.insertInto('login_events').values({ user_id: userId, address, created_at: at }).execute();
}

export async function countLoginEventsSince(db: Db, since: string): Promise<number> {
  const r = await db
    .selectFrom('login_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Counts one attempt under `key` and answers the count within the window, in one statement, so
 * concurrent attempts each see their own number (a burst cannot all pass a check made first).
 */
export async function hitLoginThrottle(
  db: Db,
  key: string,
  now: string,
  windowStart: string,
): Promise<number> {
  const r = await db
    .insertInto('login_throttles')
    .values({ key, hits: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when login_throttles.window_start < ${windowStart} then 1 else login_throttles.hits + 1 end`,
        window_start: sql<string>`case when login_throttles.window_start < ${windowStart} then ${now} else login_throttles.window_start end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(r.hits);
}

/** Takes back one counted attempt (a login that succeeded, or one refused before any check). */
export async function unhitLoginThrottle(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

/** The attempts counted under `key` within the window (0 when none). */
export async function loginThrottleHits(db: Db, key: string, windowStart: string): Promise<number> {
  const r = await db
    .selectFrom('login_throttles')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '>=', windowStart)
    .executeTakeFirst();
  return r ? Number(r.hits) : 0;
}

export async function clearLoginThrottles(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', 'in', keys).execute();
}

export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('login_failures').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertRecoveryAttempt(
  db: Db,
  row: { user_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<number> {
  const r = await db.insertInto('recovery_attempts').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function markRecoveryDelivered(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('recovery_attempts').set({ delivered_at: at }).where('id', '=', id).execute();
}

export async function findUsableRecoveryAttempt(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('recovery_attempts')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses an attempt once; false when it was used meanwhile. */
export async function completeRecoveryAttempt(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('recovery_attempts')
    .set({ completed_at: at })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countRecoveryAttemptsSince(db: Db, userId: number, since: string): Promise<number> {
  const r = await db
    .selectFrom('recovery_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function expireOtherRecoveryAttempts(
  db: Db,
  userId: number,
  exceptId: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('recovery_attempts')
    .set({ expires_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', exceptId)
    .where('completed_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

/** Throttling counters whose window ended before `before`. */
export async function deleteLoginThrottlesBefore(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('login_throttles').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
