// The auth module's entry: its routes and background purge for the app, the device cookies for
// the auth plugin, and what the users and admin modules need of sessions and login throttling.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { authRoutes } from './routes';
export { purgePlugin } from './purge';
export { createDeviceCookies, type DeviceCookies } from './device-cookie';
export { tokenAnswer } from './cookie';
export { startSession } from './service';
export { retryAfterHeader, throttledCheck } from './throttle';

/** The account state as columns of a route's own statement (`accountCheckedByHandler`). */
export { accountStateColumns, accountStateOf } from './repository';

/** The account as every authenticated request checks it (role, token version, live family). */
export const sessionAccount = (db: Db, userId: number, family: string | null) =>
  repo.sessionAccount(db, userId, family);
/** Ends every refresh token of the user (a password change or reset). */
export const revokeUserRefreshTokens = (db: Db, userId: number, at: string) =>
  repo.revokeUserRefreshTokens(db, userId, at);
/** How many logins were recorded since the time given (the admin's metrics). */
export const countLoginEventsSince = (db: Db, since: string) => repo.countLoginEventsSince(db, since);
