import crypto from 'node:crypto';
import type { AuthenticateBody } from '../../../src/shared/contract/auth';
import { ERROR_TEXT, SUCCESS_TEXT } from '../../../src/shared/messages';
import { type RegistrationRole, registrationRoleToRole, type Role } from '../../../src/shared/roles';
import type { AppContext } from '../../context';
import type { Db, User } from '../../db/types';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../lib/http-error';
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
} from '../users/repository';
import { kickMailQueue } from '../mail-queue/service';
import { createAccount, endAllSessions, queueRecoveryNotice } from '../users/service';
import type { IssuedTokens } from './cookie';
import * as repo from './repository';

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

/**
 * A refresh token (and the access token beside it). A new family ends 30 days after login; a
 * rotation passes the family's end on, so rotating never extends a session.
 */
async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: { id: number; role: Role; token_version: number },
  family: { id: string; expiresAt: string } | null,
): Promise<{ id: number; tokens: IssuedTokens }> {
  const refresh_token = randomToken();
  const now = nowIso();
  const expires_at = family?.expiresAt ?? addSeconds(now, REFRESH_TOKEN_SECONDS);
  const id = await repo.insertRefreshToken(db, {
    user_id: user.id,
    token_hash: hashToken(refresh_token),
    family: family?.id ?? crypto.randomUUID(),
    created_at: now,
    expires_at,
  });
  const access_token = await ctx.accessTokens.sign({
    id: user.id,
    role: user.role,
    tokenVersion: user.token_version,
  });
  return { id, tokens: { access_token, refresh_token, expires_at } };
}

/** Throttling keys: an account from one address, an address, an account from anywhere. */
const throttleKeys = (account: string, address: string) => ({
  pair: `account-address:${account}|${address}`,
  address: `address:${address}`,
  account: `account:${account}`,
});

/**
 * The wait before checking a password of an account that failed `failures` times within the
 * window from anywhere: none up to the per-account limit, then 1 s doubling up to the cap. A
 * delay, never a refusal, so failures elsewhere cannot lock the owner out.
 */
export function accountDelayMs(failures: number, threshold: number, maxSeconds: number): number {
  if (failures < threshold || maxSeconds <= 0) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - threshold, 20), maxSeconds * 1000);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Logs in. Attempts are counted before the password is checked, atomically per key, so a burst
 * gets at most the limit of checks: per account from one address and per address a hard limit
 * (429 within the window), per account from anywhere only a growing delay.
 */
export async function authenticate(
  ctx: AppContext,
  body: AuthenticateBody,
  address: string,
): Promise<IssuedTokens & { role: Role }> {
  const { db, config } = ctx;
  const keys = throttleKeys(usernameKey(body.username), address);
  const now = nowIso();
  const windowStart = addSeconds(now, -config.loginWindowMinutes * 60);

  const delay = accountDelayMs(
    await repo.loginThrottleHits(db, keys.account, windowStart),
    config.loginMaxFailuresPerAccount,
    config.loginDelayMaxSeconds,
  );
  if (delay > 0) await sleep(delay);

  if ((await repo.hitLoginThrottle(db, keys.pair, now, windowStart)) > config.loginMaxFailuresPerAccount) {
    throw tooManyRequests(ERROR_TEXT.tooManyAttempts);
  }
  if ((await repo.hitLoginThrottle(db, keys.address, now, windowStart)) > config.loginMaxFailuresPerAddress) {
    await repo.unhitLoginThrottle(db, keys.pair);
    throw tooManyRequests(ERROR_TEXT.tooManyAttempts);
  }

  const user = await findUserByUsername(db, body.username);
  const ok = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !ok) {
    await repo.hitLoginThrottle(db, keys.account, nowIso(), windowStart);
    throw forbidden(ERROR_TEXT.wrongCredentials);
  }
  const { tokens } = await db.transaction().execute(async (trx) => {
    // A success counts afresh for this account; the address keeps only its failures.
    await repo.clearLoginThrottles(trx, [keys.pair, keys.account]);
    await repo.unhitLoginThrottle(trx, keys.address);
    await repo.insertLoginEvent(trx, user.id, address, now);
    return issueTokens(ctx, trx, user, null);
  });
  return { ...tokens, role: user.role };
}

/**
 * A rotated token presented again this soon after its rotation, while its successor was never
 * used, most likely lost its answer on the way back (a flaky network, two tabs at once).
 */
export const REPLAY_GRACE_SECONDS = 10;

class LostRotation extends Error {}

type RefreshRow = NonNullable<Awaited<ReturnType<typeof repo.findRefreshToken>>>;

/** The unused successor a replay within the grace period may replace, else null (a theft). */
async function replaceableSuccessor(db: Db, row: RefreshRow, now: string): Promise<RefreshRow | null> {
  if (row.replaced_by_id === null || row.revoked_at === null) return null;
  if (Date.parse(now) - Date.parse(row.revoked_at) > REPLAY_GRACE_SECONDS * 1000) return null;
  const successor = await repo.findRefreshTokenById(db, row.replaced_by_id);
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
      const issued = await issueTokens(ctx, trx, user, { id: row.family, expiresAt: row.expires_at });
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
 * is revoked, so the thief's copy dies too. The one exception is a replay within
 * REPLAY_GRACE_SECONDS of the rotation while the successor is still unused: that answer was
 * lost, so a fresh successor replaces the unused one in the same family.
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
    family = row.family;
    let retire = row;
    if (row.revoked_at !== null) {
      const successor = await replaceableSuccessor(db, row, now);
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

/** A new session of an account that proved itself another way (its own password change). */
export async function startSession(ctx: AppContext, userId: number): Promise<IssuedTokens> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return (await issueTokens(ctx, ctx.db, user, null)).tokens;
}

/** Ends the session of the presented refresh token: its whole family. Unknown tokens: nothing to end. */
export async function logout(ctx: AppContext, presented: string | null): Promise<void> {
  if (!presented) return;
  const row = await repo.findRefreshToken(ctx.db, hashToken(presented));
  if (row) await repo.revokeRefreshFamily(ctx.db, row.family, nowIso());
}

export async function role(ctx: AppContext, userId: number): Promise<Role> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user.role;
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
