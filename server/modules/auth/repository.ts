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

export async function deleteExpiredRefreshTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
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

export async function insertLoginFailure(
  db: Db,
  usernameKey: string,
  address: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ username_key: usernameKey, address, created_at: at })
    .execute();
}

export async function countLoginFailures(
  db: Db,
  by: { username_key: string } | { address: string },
  since: string,
): Promise<number> {
  const q = db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since);
  const r = await (
    'username_key' in by ? q.where('username_key', '=', by.username_key) : q.where('address', '=', by.address)
  ).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function clearLoginFailures(db: Db, usernameKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username_key', '=', usernameKey).execute();
}

export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
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
