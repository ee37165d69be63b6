import type { PageQuery } from '../../../src/shared/contract/common';
import type { Db } from '../../db/types';
import { selectPage } from '../../lib/paging';

/** The account's logins, newest first. */
export async function loginEventsPage(db: Db, userId: number, q: PageQuery) {
  return selectPage(q, db.selectFrom('login_events').where('user_id', '=', userId), (events) =>
    events.select(['id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

/** The account's password recovery attempts, newest first. */
export async function recoveryAttemptsPage(db: Db, userId: number, q: PageQuery) {
  return selectPage(q, db.selectFrom('recovery_attempts').where('user_id', '=', userId), (attempts) =>
    attempts
      .select(['id', 'created_at', 'expires_at', 'delivered_at', 'completed_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}
