import type { Kysely } from 'kysely';
import { AUTHORING_TEXT, ERROR_TEXT } from '../../../src/shared/messages';
import type { Role } from '../../../src/shared/roles';
import type { Database, Db, User } from '../../db/types';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { revokeUserRefreshTokens } from '../auth/repository';
import { findTakenFields, insertUser, profileColumns, updateUser, type ProfileFields } from './repository';

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
  const password_hash = await hashPassword(fields.password);
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

/** Changes the profile, and the password when given (which also ends every session). */
export async function updateAccount(
  db: Kysely<Database>,
  userId: number,
  fields: ProfileFields,
  options: { password?: string; inform_about_exam_completion?: number } = {},
): Promise<User | undefined> {
  await assertFree(db, fields, userId);
  const password_hash = options.password ? await hashPassword(options.password) : undefined;
  // The conflict lookup runs after the transaction ended: an aborted one cannot be read from.
  return mapUniqueViolation(db, fields, userId, () =>
    db.transaction().execute(async (trx) => {
      const now = nowIso();
      const user = await updateUser(trx, userId, {
        ...profileColumns(fields),
        ...(password_hash ? { password_hash } : {}),
        ...(options.inform_about_exam_completion !== undefined
          ? { inform_about_exam_completion: options.inform_about_exam_completion }
          : {}),
        updated_at: now,
      });
      if (user && password_hash) await revokeUserRefreshTokens(trx, userId, now);
      return user;
    }),
  );
}

export async function changePassword(db: Kysely<Database>, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await updateUser(trx, userId, { password_hash, updated_at: now });
    await revokeUserRefreshTokens(trx, userId, now);
  });
}

/** The caller's new password from the body or the query (as the spec sends it); ends every session. */
export async function changeOwnPassword(
  db: Kysely<Database>,
  userId: number,
  fromQuery: string | undefined,
  fromBody: string | undefined,
): Promise<void> {
  const password = fromBody ?? fromQuery;
  if (!password) throw badRequest(AUTHORING_TEXT.passwordRequired);
  await changePassword(db, userId, password);
}
