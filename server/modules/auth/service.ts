import crypto from 'node:crypto';
import type { AuthenticateBody, LoginResponse, Tokens } from '../../../src/shared/contract/auth';
import { ERROR_TEXT, SUCCESS_TEXT } from '../../../src/shared/messages';
import { type RegistrationRole, registrationRoleToRole, type Role } from '../../../src/shared/roles';
import type { AppContext } from '../../context';
import type { Db, User } from '../../db/types';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
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
import { createAccount } from '../users/service';
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

async function issueTokens(ctx: AppContext, db: Db, user: { id: number; role: Role }, family: string) {
  const refresh_token = randomToken();
  const now = nowIso();
  const id = await repo.insertRefreshToken(db, {
    user_id: user.id,
    token_hash: hashToken(refresh_token),
    family,
    created_at: now,
    expires_at: addSeconds(now, REFRESH_TOKEN_SECONDS),
  });
  const access_token = await ctx.accessTokens.sign(user);
  return { id, tokens: { access_token, refresh_token } };
}

export async function authenticate(
  ctx: AppContext,
  body: AuthenticateBody,
  address: string,
): Promise<LoginResponse> {
  const { db, config } = ctx;
  const key = usernameKey(body.username);
  const now = nowIso();
  const since = addSeconds(now, -config.loginWindowMinutes * 60);
  const [byAccount, byAddress] = await Promise.all([
    repo.countLoginFailures(db, { username_key: key }, since),
    repo.countLoginFailures(db, { address }, since),
  ]);
  if (byAccount >= config.loginMaxFailuresPerAccount || byAddress >= config.loginMaxFailuresPerAddress) {
    throw tooManyRequests(ERROR_TEXT.tooManyAttempts);
  }
  const user = await findUserByUsername(db, body.username);
  const ok = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !ok) {
    await repo.deleteLoginFailuresBefore(db, since);
    await repo.insertLoginFailure(db, key, address, now);
    throw forbidden(ERROR_TEXT.wrongCredentials);
  }
  const { tokens } = await db.transaction().execute(async (trx) => {
    await repo.clearLoginFailures(trx, key);
    await repo.insertLoginEvent(trx, user.id, address, now);
    return issueTokens(ctx, trx, user, crypto.randomUUID());
  });
  return { ...tokens, role: user.role };
}

/**
 * Rotates a refresh token. A token that was already rotated means it leaked (or a client
 * replayed it): the whole family is revoked, so the thief's copy dies too.
 */
export async function refresh(ctx: AppContext, presented: string | null): Promise<Tokens> {
  if (!presented) throw unauthorized(ERROR_TEXT.refreshInvalid);
  const { db } = ctx;
  const now = nowIso();
  const row = await repo.findRefreshToken(db, hashToken(presented));
  if (!row) throw unauthorized(ERROR_TEXT.refreshInvalid);
  if (row.revoked_at !== null) {
    await repo.revokeRefreshFamily(db, row.family, now);
    throw unauthorized(ERROR_TEXT.refreshInvalid);
  }
  if (row.expires_at <= now) throw unauthorized(ERROR_TEXT.refreshInvalid);
  const user = await findUserById(db, row.user_id);
  if (!user) throw unauthorized(ERROR_TEXT.refreshInvalid);
  const result = await db.transaction().execute(async (trx) => {
    const issued = await issueTokens(ctx, trx, user, row.family);
    const rotated = await repo.markRefreshTokenRotated(trx, row.id, now, issued.id);
    return rotated ? issued.tokens : null;
  });
  if (!result) {
    // Two requests raced with the same token: treat the loser as a replay.
    await repo.revokeRefreshFamily(db, row.family, now);
    throw unauthorized(ERROR_TEXT.refreshInvalid);
  }
  return result;
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
  const password_hash = await hashPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.completeRecoveryAttempt(trx, attempt.id, now))) return false;
    await updateUser(trx, attempt.user_id, { password_hash, updated_at: now });
    await repo.revokeUserRefreshTokens(trx, attempt.user_id, now);
    // The other links mailed before this one must not reset the new password again.
    await repo.expireOtherRecoveryAttempts(trx, attempt.user_id, attempt.id, now);
    return true;
  });
  if (!done) throw notFound(ERROR_TEXT.recoveryInvalid);
  return { message: SUCCESS_TEXT.passwordUpdated };
}
