import { expressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/types';
import { preparedQuery } from '../../lib/prepared-query';
import type { AccountState } from '../../plugins/auth';

export async function insertRefreshToken(
  db: Db,
  row: {
    user_id: number;
    token_hash: string;
    family: string;
    created_at: string;
    expires_at: string;
    auth_time: string | null;
  },
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

/**
 * The account as every authenticated request checks it, in one query: its role and token
 * version, and whether the access token's refresh family still has a live token (not revoked by
 * logout or reuse detection). Null family: a token from before families were carried.
 */
// Run on every request of a signed-in user: prepared once (see preparedQuery), one per shape.
const accountOf = preparedQuery((db: Db, userId: number) =>
  db.selectFrom('users').select(['role', 'token_version']).where('id', '=', userId),
);
const accountWithFamilyOf = preparedQuery((db: Db, userId: number, family: string) =>
  db
    .selectFrom('users')
    .select(['users.role', 'users.token_version'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family', '=', family)
            .where('refresh_tokens.revoked_at', 'is', null),
        )
        .$castTo<boolean>()
        .as('family_live'),
    )
    .where('users.id', '=', userId),
);

/**
 * The same account state as columns of another statement (one that every request of a route
 * makes anyway: see `accountCheckedByHandler`); `accountStateOf` reads them back.
 */
export function accountStateColumns(userId: number, family: string | null) {
  const eb = expressionBuilder<Database, never>();
  const user = () => eb.selectFrom('users').where('users.id', '=', userId);
  return [
    user().select('users.role').as('account_role'),
    user().select('users.token_version').as('account_token_version'),
    (family === null
      ? eb.lit(1)
      : eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family', '=', family)
            .where('refresh_tokens.revoked_at', 'is', null),
        )
    ).as('account_family_live'),
  ] as const;
}

/** The account state `accountStateColumns` read; undefined when there is no such account. */
export function accountStateOf(row: {
  account_role: AccountState['role'] | null;
  account_token_version: number | null;
  account_family_live: unknown;
}): AccountState | undefined {
  if (row.account_role === null || row.account_token_version === null) return undefined;
  return {
    role: row.account_role,
    token_version: row.account_token_version,
    family_live: Boolean(row.account_family_live),
  };
}

export async function sessionAccount(
  db: Db,
  userId: number,
  family: string | null,
): Promise<AccountState | undefined> {
  if (family === null) {
    const [row] = await accountOf(db, userId);
    return row && { role: row.role, token_version: row.token_version, family_live: true };
  }
  const [row] = await accountWithFamilyOf(db, userId, family);
  return row && { role: row.role, token_version: row.token_version, family_live: Boolean(row.family_live) };
}

/** Deletes refresh tokens past their family's end, and whole families idle past `idleBefore`. */
export async function deleteExpiredRefreshTokens(db: Db, now: string, idleBefore: string): Promise<number> {
  const r = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
  // A family whose newest token was issued before the idle limit can never rotate again.
  const idle = await db
    .deleteFrom('refresh_tokens')
    .where('family', 'in', (eb) =>
      eb
        .selectFrom('refresh_tokens as r')
        .select('r.family')
        .groupBy('r.family')
        .having((h) => h.fn.max('r.created_at'), '<', idleBefore),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) + Number(idle.numDeletedRows);
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
 * Counts one attempt under `key` and answers the count within the window (and when the window
 * began), in one statement, so concurrent attempts each see their own number (a burst cannot all
 * pass a check made first).
 */
export async function hitLoginThrottle(
  db: Db,
  key: string,
  now: string,
  windowStart: string,
): Promise<{ hits: number; windowStart: string }> {
  const r = await db
    .insertInto('login_throttles')
    .values({ key, hits: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when login_throttles.window_start < ${windowStart} then 1 else login_throttles.hits + 1 end`,
        window_start: sql<string>`case when login_throttles.window_start < ${windowStart} then ${now} else login_throttles.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: Number(r.hits), windowStart: r.window_start };
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

export type SlotClaim = { claimed: true } | { claimed: false; nextAt: string; inFlight: boolean };

/**
 * Takes the account's one password check (see the auth throttle): only when its next check may
 * start by `now`, atomically, so of concurrent claims exactly one wins; held until `leaseEnd`
 * unless released first.
 */
export async function claimLoginSlot(db: Db, key: string, now: string, leaseEnd: string): Promise<SlotClaim> {
  const won = await db
    .insertInto('login_slots')
    .values({ key, next_at: leaseEnd, in_flight: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ next_at: leaseEnd, in_flight: 1 })
        .where('login_slots.next_at', '<=', now),
    )
    .returning('key')
    .executeTakeFirst();
  if (won) return { claimed: true };
  const row = await db
    .selectFrom('login_slots')
    .select(['next_at', 'in_flight'])
    .where('key', '=', key)
    .executeTakeFirst();
  return { claimed: false, nextAt: row?.next_at ?? now, inFlight: Number(row?.in_flight ?? 0) === 1 };
}

/** Ends the check that holds the slot: the next one may start at `nextAt`. */
export async function releaseLoginSlot(db: Db, key: string, nextAt: string): Promise<void> {
  await db.updateTable('login_slots').set({ next_at: nextAt, in_flight: 0 }).where('key', '=', key).execute();
}

export async function deleteLoginSlot(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_slots').where('key', '=', key).execute();
}

/** Slots whose next check was due before `before`: nobody is held by them any more. */
export async function deleteLoginSlotsBefore(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('login_slots').where('next_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
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
