import { AUTHORING_TEXT, ERROR_TEXT } from '../../../src/shared/messages';
import type { Role } from '../../../src/shared/roles';
import type { Db, User } from '../../db/types';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { hashNewPassword, passwordPolicyError, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { revokeUserRefreshTokens, throttledCheck } from '../auth';
import type { AppContext } from '../../context';
import { enqueueMail, kickMailQueue } from '../mail-queue';
import { accountChangeNotices, type AccountActor } from './notices';
import {
  findTakenFields,
  findUserById,
  insertUser,
  profileColumns,
  raiseTokenVersion,
  updateUser,
  type ProfileFields,
} from './repository';

/** After a password change or reset: no refresh token and no access token issued so far works. */
export async function endAllSessions(db: Db, userId: number, now: string): Promise<void> {
  await revokeUserRefreshTokens(db, userId, now);
  await raiseTokenVersion(db, userId);
}

function takenErrors(taken: { username: boolean; email: boolean }): string[] {
  const errors: string[] = [];
  if (taken.username) errors.push(ERROR_TEXT.usernameTaken);
  if (taken.email) errors.push(ERROR_TEXT.emailTaken);
  return errors;
}

async function assertFree(db: Db, fields: ProfileFields, exceptUserId?: number): Promise<void> {
  const errors = takenErrors(await findTakenFields(db, fields, exceptUserId));
  if (errors.length > 0) throw conflict(errors);
}

/** A unique index refused a write that the check before it let through (a race); `db` must not be inside the failed write. */
async function mapUniqueViolation<T>(
  db: Db,
  fields: ProfileFields,
  exceptUserId: number | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const errors = takenErrors(await findTakenFields(db, fields, exceptUserId));
    throw conflict(errors.length > 0 ? errors : [ERROR_TEXT.usernameTaken]);
  }
}

export async function createAccount(
  db: Db,
  role: Role,
  fields: ProfileFields & { password: string },
  extra: { inform_about_exam_completion?: number } = {},
): Promise<User> {
  await assertFree(db, fields);
  const now = nowIso();
  const password_hash = await hashNewPassword(fields.password);
  return mapUniqueViolation(db, fields, undefined, () =>
    insertUser(db, {
      role,
      ...profileColumns(fields),
      password_hash,
      ...extra,
      created_at: now,
      updated_at: now,
    }),
  );
}

/** Queues the notices of a change inside its transaction, so they exist exactly when it does. */
async function queueNotices(
  ctx: AppContext,
  trx: Db,
  before: User,
  after: User,
  change: { passwordChanged: boolean; actor: AccountActor; at: string },
): Promise<number> {
  const mails = accountChangeNotices(before, after, change, ctx.config);
  for (const mail of mails) await enqueueMail(trx, mail, change.at);
  return mails.length;
}

/**
 * Changes the profile, and the password when given (which also ends every session); the owner
 * is told by mail of a new e-mail address (at the old one) and of a new password.
 */
export async function updateAccount(
  ctx: AppContext,
  userId: number,
  fields: ProfileFields,
  options: { password?: string; inform_about_exam_completion?: number; actor: AccountActor },
): Promise<User | undefined> {
  const { db } = ctx;
  await assertFree(db, fields, userId);
  const password_hash = options.password ? await hashNewPassword(options.password) : undefined;
  // The conflict lookup runs after the transaction ended: an aborted one cannot be read from.
  const result = await mapUniqueViolation(db, fields, userId, () =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const before = await findUserById(trx, userId);
      if (!before) return { user: undefined, mails: 0 };
      const user = await updateUser(trx, userId, {
        ...profileColumns(fields),
        ...(password_hash ? { password_hash } : {}),
        ...(options.inform_about_exam_completion !== undefined
          ? { inform_about_exam_completion: options.inform_about_exam_completion }
          : {}),
        updated_at: now,
      });
      if (!user) return { user: undefined, mails: 0 };
      if (password_hash) await endAllSessions(trx, userId, now);
      const change = { passwordChanged: password_hash !== undefined, actor: options.actor, at: now };
      return { user, mails: await queueNotices(ctx, trx, before, user, change) };
    }),
  );
  if (result.mails > 0) kickMailQueue(ctx);
  return result.user;
}

/** Sets a new password, ends every session and tells the owner by mail. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  password: string,
  actor: AccountActor,
): Promise<void> {
  const password_hash = await hashNewPassword(password);
  const mails = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const before = await findUserById(trx, userId);
    const user = await updateUser(trx, userId, { password_hash, updated_at: now });
    if (!before || !user) return 0;
    await endAllSessions(trx, userId, now);
    return queueNotices(ctx, trx, before, user, { passwordChanged: true, actor, at: now });
  });
  if (mails > 0) kickMailQueue(ctx);
}

/** How long after a password login an own change is taken without the current password. */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/**
 * Allows an own account change (password, profile) of the caller (V6.2.3): with the current
 * password, checked and throttled like a login (a wrong one: 403), or without it only within
 * RECENT_LOGIN_SECONDS of the session's password login (its `auth_time`). A leaked access token
 * alone can then not take the account over. Answers when the session's password login counts
 * from afterwards: now when the password was given, else the session's own.
 */
export async function confirmOwnChange(
  ctx: AppContext,
  caller: AuthUser,
  currentPassword: string | undefined,
  address: string,
): Promise<{ authTime: string | null }> {
  if (currentPassword !== undefined) {
    const user = await findUserById(ctx.db, caller.id);
    if (!user) throw notFound(ERROR_TEXT.userNotFound);
    const ok = await throttledCheck(ctx, { account: user.username_key, address, device: null }, () =>
      verifyPassword(user.password_hash, currentPassword),
    );
    if (!ok) throw forbidden(ERROR_TEXT.currentPasswordWrong);
    return { authTime: nowIso() };
  }
  const { authTime } = caller;
  if (authTime === undefined || Date.now() / 1000 - authTime > RECENT_LOGIN_SECONDS) {
    throw forbidden(ERROR_TEXT.currentPasswordRequired);
  }
  return { authTime: nowIso(new Date(authTime * 1000)) };
}

/**
 * The caller's new password from the body or the query (as the spec sends it), once the change
 * is confirmed (confirmOwnChange); ends every session. Answers the new session's `auth_time`.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: AuthUser,
  change: {
    fromQuery: string | undefined;
    fromBody: string | undefined;
    currentPassword: string | undefined;
  },
  address: string,
): Promise<{ authTime: string | null }> {
  const password = change.fromBody ?? change.fromQuery;
  if (!password) throw badRequest(AUTHORING_TEXT.passwordRequired);
  // A refused new password is said before the current one is checked (and counted).
  const weak = await passwordPolicyError(password);
  if (weak) throw badRequest(weak);
  const confirmed = await confirmOwnChange(ctx, caller, change.currentPassword, address);
  await changePassword(ctx, caller.id, password, 'self');
  return confirmed;
}

/** The notices of a password set through a recovery link, queued in that transaction. */
export async function queueRecoveryNotice(ctx: AppContext, trx: Db, user: User, at: string): Promise<void> {
  await queueNotices(ctx, trx, user, user, { passwordChanged: true, actor: 'recovery', at });
}
