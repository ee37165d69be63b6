import type { PageQuery } from '../../../src/shared/contract/common';
import type { Db } from '../../db/types';
import { selectPage } from '../../lib/paging';

/**
 * The rows of an account the admin manages (not an admin's): the account's check and the page in
 * one statement. An empty page may be of an admin or of no account; the caller checks which.
 */
function managedAccountRows(db: Db, table: 'login_events' | 'recovery_attempts', userId: number) {
  return db
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.user_id`)
    .where(`${table}.user_id`, '=', userId)
    .where('users.role', '!=', 'ADMIN');
}

/** The account's logins, newest first. */
export async function loginEventsPage(db: Db, userId: number, q: PageQuery) {
  return selectPage(q, managedAccountRows(db, 'login_events', userId), (events) =>
    events
      .select(['login_events.id', 'login_events.created_at'])
      .orderBy('login_events.created_at', 'desc')
      .orderBy('login_events.id', 'desc'),
  );
}

/** The account's password recovery attempts, newest first. */
export async function recoveryAttemptsPage(db: Db, userId: number, q: PageQuery) {
  return selectPage(q, managedAccountRows(db, 'recovery_attempts', userId), (attempts) =>
    attempts
      .select([
        'recovery_attempts.id',
        'recovery_attempts.created_at',
        'recovery_attempts.expires_at',
        'recovery_attempts.delivered_at',
        'recovery_attempts.completed_at',
      ])
      .orderBy('recovery_attempts.created_at', 'desc')
      .orderBy('recovery_attempts.id', 'desc'),
  );
}
