import crypto from 'node:crypto';
import type { AuthenticateBody } from '../../../src/shared/contract/auth';
import { ERROR_TEXT, SUCCESS_TEXT } from '../../../src/shared/messages';
import { type RegistrationRole, registrationRoleToRole, type Role } from '../../../src/shared/roles';
import type { AppContext } from '../../context';
import type { Db, User } from '../../db/types';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/http-error';
import { hashNewPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/secrets';
import { addSeconds, nowIso } from '../../lib/time';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  updateUser,
  usernameKey,
  type ProfileFields,
  createAccount,
  endAllSessions,
  queueRecoveryNotice,
} from '../users';
import { kickMailQueue } from '../mail-queue';
import type { IssuedTokens } from './cookie';
import type { DeviceCookies } from './device-cookie';
import * as repo from './repository';
import { throttledCheck } from './throttle';

export { accountDelayMs } from './throttle';

export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const RECOVERY_SECONDS = 30 * 60;
/** Recovery mails per account and hour; past that the same answer comes and no mail goes. */
export const RECOVERY_MAX_PER_HOUR = 5;

export async function register(
  ctx: AppContext,
  pathRole: Role,
  body: ProfileFields & { password: string; role: RegistrationRole },
): Promise<User> {
  if (registrationRoleToRole[body.role] !== pathRole) throw badRequest(ERROR_TEXT.roleMismatch);
  return createAccount(ctx.db, pathRole, body);
}

/** A session: its refresh family (with the family's end) and when its password login happened. */
interface Session {
  family: { id: string; expiresAt: string } | null;
  /** ISO time of the password login, passed on unchanged by every rotation; null when unknown. */
  authTime: string | null;
}

/**
 * A refresh token (and the access token beside it, which carries the family and `auth_time`).
 * A new family ends 30 days after login; a rotation passes the family's end on, so rotating
 * never extends a session. The answer's `expires_at` (the cookie's end) is sooner when the
 * token would go unused past REFRESH_IDLE_DAYS.
 */
async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: { id: number; role: Role; token_version: number },
  session: Session,
): Promise<{ id: number; tokens: IssuedTokens }> {
  const refresh_token = randomToken();
  const now = nowIso();
  const expires_at = session.family?.expiresAt ?? addSeconds(now, REFRESH_TOKEN_SECONDS);
  const family = session.family?.id ?? crypto.randomUUID();
  const id = await repo.insertRefreshToken(db, {
    user_id: user.id,
    token_hash: hashToken(refresh_token),
    family,
    created_at: now,
    expires_at,
    auth_time: session.authTime,
  });
  const access_token = await ctx.accessTokens.sign({
    id: user.id,
    role: user.role,
    tokenVersion: user.token_version,
    family,
    ...(session.authTime !== null ? { authTime: Math.floor(Date.parse(session.authTime) / 1000) } : {}),
  });
  const idleEnd = addSeconds(now, ctx.config.refreshIdleSeconds);
  return {
    id,
    tokens: { access_token, refresh_token, expires_at: idleEnd < expires_at ? idleEnd : expires_at },
  };
}

/** Who logs in from where: the address as the login list shows it, and as the limits group it. */
export interface LoginClient {
  ip: string;
  /** IPv6 by its /64, like every other limit. */
  address: string;
  /** The device cookie the request carried, if any. */
  deviceCookie: string | undefined;
}

/**
 * Logs in, throttled (see throttle.ts). A success gives the device its device cookie (the new
 * value of the cookie, which may remember other accounts of a shared device too).
 */
export async function authenticate(
  ctx: AppContext,
  devices: DeviceCookies,
  body: AuthenticateBody,
  client: LoginClient,
): Promise<IssuedTokens & { role: Role; deviceCookie: string }> {
  const { db } = ctx;
  const user = await findUserByUsername(db, body.username);
  const device = user ? devices.find(client.deviceCookie, user.id) : null;
  const ok = await throttledCheck(
    ctx,
    { account: usernameKey(body.username), address: client.address, device },
    () => verifyPassword(user?.password_hash ?? null, body.password),
  );
  if (!user || !ok) throw forbidden(ERROR_TEXT.wrongCredentials);
  const now = nowIso();
  const { tokens } = await db.transaction().execute(async (trx) => {
    await repo.insertLoginEvent(trx, user.id, client.ip, now);
    return issueTokens(ctx, trx, user, { family: null, authTime: now });
  });
  return { ...tokens, role: user.role, deviceCookie: devices.issue(client.deviceCookie, user.id) };
}

class LostRotation extends Error {}

type RefreshRow = NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>;

/**
 * The unused successor a replay may replace, else null (a theft): a rotated token presented
 * again within REFRESH_REPLAY_GRACE_SECONDS of its rotation, while its successor was never used,
 * most likely lost its answer on the way back (a flaky network, a worker retrying minutes later).
 */
async function replaceableSuccessor(
  ctx: AppContext,
  row: RefreshRow,
  now: string,
): Promise<RefreshRow | null> {
  if (row.replaced_by_id === null || row.revoked_at === null) return null;
  if (Date.parse(now) - Date.parse(row.revoked_at) > ctx.config.refreshReplayGraceSeconds * 1000) return null;
  const successor = await repo.findRefreshTokenById(ctx.db, row.replaced_by_id);
  return successor && successor.revoked_at === null ? successor : null;
}

/**
 * Issues the next token of the family and retires `retire` (the presented token, or its unused
 * successor on a replay); null when another request retired it first (nothing is kept then).
 */
async function rotate(
  ctx: AppContext,
  user: User,
  row: RefreshRow,
  retire: RefreshRow,
  now: string,
): Promise<IssuedTokens | null> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const issued = await issueTokens(ctx, trx, user, {
        family: { id: row.family, expiresAt: row.expires_at },
        authTime: row.auth_time,
      });
      if (!(await repo.markRefreshTokenRotated(trx, retire.id, now, issued.id))) throw new LostRotation();
      if (retire.id !== row.id) await repo.setRefreshTokenSuccessor(trx, row.id, issued.id);
      return issued.tokens;
    });
  } catch (err) {
    if (err instanceof LostRotation) return null;
    throw err;
  }
}

/**
 * Rotates a refresh token. A token that was already rotated means it leaked: the whole family
 * is revoked, so the thief's copy dies too (and with the family, its access tokens). The one
 * exception is a replay within REFRESH_REPLAY_GRACE_SECONDS of the rotation while the successor
 * is still unused: that answer was lost, so a fresh successor replaces the unused one in the
 * same family. A token unused for REFRESH_IDLE_DAYS is refused like an expired one.
 */
export async function refresh(ctx: AppContext, presented: string | null): Promise<IssuedTokens> {
  if (!presented) throw unauthorized(ERROR_TEXT.refreshInvalid);
  const { db } = ctx;
  const hash = hashToken(presented);
  let family: string | null = null;
  // A lost race with a concurrent rotation is judged again, now as a replay.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = nowIso();
    const row = await repo.findRefreshToken(db, hash);
    if (!row || row.expires_at <= now) throw unauthorized(ERROR_TEXT.refreshInvalid);
    if (row.revoked_at === null && addSeconds(row.created_at, ctx.config.refreshIdleSeconds) <= now) {
      throw unauthorized(ERROR_TEXT.refreshInvalid);
    }
    family = row.family;
    let retire = row;
    if (row.revoked_at !== null) {
      const successor = await replaceableSuccessor(ctx, row, now);
      if (!successor) break;
      retire = successor;
    }
    const user = await findUserById(db, row.user_id);
    if (!user) throw unauthorized(ERROR_TEXT.refreshInvalid);
    const tokens = await rotate(ctx, user, row, retire, now);
    if (tokens) return tokens;
  }
  if (family !== null) await repo.revokeRefreshFamily(db, family, nowIso());
  throw unauthorized(ERROR_TEXT.refreshInvalid);
}

/**
 * A new session of an account that proved itself another way (its own password change), whose
 * password login counts from `authTime` (now when the change gave the current password).
 */
export async function startSession(
  ctx: AppContext,
  userId: number,
  authTime: string | null,
): Promise<IssuedTokens> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return (await issueTokens(ctx, ctx.db, user, { family: null, authTime })).tokens;
}

/** Ends the session of the presented refresh token: its whole family. Unknown tokens: nothing to end. */
export async function logout(ctx: AppContext, presented: string | null): Promise<void> {
  if (!presented) return;
  const row = await repo.findRefreshToken(ctx.db, hashToken(presented));
  if (row) await repo.revokeRefreshFamily(ctx.db, row.family, nowIso());
}

function recoveryMail(user: User, link: string) {
  return {
    to: user.email,
    subject: 'Устно: восстановление пароля',
    text: [
      `Здравствуйте, ${user.name}!`,
      '',
      'Кто-то (возможно, вы) запросил восстановление пароля для вашей учетной записи в Устно',
      `(логин: ${user.username}). Чтобы задать новый пароль, откройте ссылку:`,
      '',
      link,
      '',
      'Ссылка действует 30 минут и только один раз. Если вы не запрашивали восстановление, просто',
      'проигнорируйте это письмо: пароль останется прежним.',
    ].join('\n'),
  };
}

/** The same answer whether or not the e-mail exists; the mail goes out in the background. */
export async function requestRecovery(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  const now = nowIso();
  const throttled =
    user !== undefined &&
    (await repo.countRecoveryAttemptsSince(ctx.db, user.id, addSeconds(now, -3600))) >= RECOVERY_MAX_PER_HOUR;
  if (user && !throttled) {
    const token = randomToken();
    const attemptId = await repo.insertRecoveryAttempt(ctx.db, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: addSeconds(now, RECOVERY_SECONDS),
    });
    const link = `${ctx.config.publicUrl}/recover/${token}`;
    ctx.background.run('recovery-mail', async () => {
      await ctx.mailer.send(recoveryMail(user, link));
      await repo.markRecoveryDelivered(ctx.db, attemptId, nowIso());
    });
  }
  return { message: SUCCESS_TEXT.recoverySent };
}

export async function completeRecovery(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  const now = nowIso();
  const attempt = await repo.findUsableRecoveryAttempt(ctx.db, hashToken(token), now);
  if (!attempt) throw notFound(ERROR_TEXT.recoveryInvalid);
  const password_hash = await hashNewPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.completeRecoveryAttempt(trx, attempt.id, now))) return false;
    const user = await updateUser(trx, attempt.user_id, { password_hash, updated_at: now });
    await endAllSessions(trx, attempt.user_id, now);
    if (user) await queueRecoveryNotice(ctx, trx, user, now);
    // The other links mailed before this one must not reset the new password again.
    await repo.expireOtherRecoveryAttempts(trx, attempt.user_id, attempt.id, now);
    return true;
  });
  if (!done) throw notFound(ERROR_TEXT.recoveryInvalid);
  kickMailQueue(ctx);
  return { message: SUCCESS_TEXT.passwordUpdated };
}
