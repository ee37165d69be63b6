import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { HttpError } from '../../lib/http-error';
import { hashPassword, passwordPolicyError, verifyPassword } from '../../lib/passwords';
import { randomToken } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { createAccount, endAllSessions, findUserByUsername, updateUser } from '../users';

export interface AdminBootstrapOptions {
  username: string | undefined;
  password: string | undefined;
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD ensure that admin (its password set to the given one; a changed
 * one ends every session of the account, as any password change does); with neither and no
 * admin at all, an `admin` account is created and its password returned once.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  opts: AdminBootstrapOptions,
): Promise<{ username: string; generatedPassword: string } | null> {
  if (opts.username && opts.password) {
    const password = opts.password;
    // Checked when the password is to be set, not at every start: the list of common passwords
    // loads at its first use, and an unchanged ADMIN_PASSWORD was checked when it was set.
    const refuseWeak = async () => {
      const weak = await passwordPolicyError(password);
      if (weak) throw new Error(`ADMIN_PASSWORD is refused: ${weak}`);
    };
    // Twice at most: a second instance starting at the same moment may create it in between.
    for (let attempt = 0; ; attempt++) {
      const existing = await findUserByUsername(db, opts.username);
      if (existing && existing.role !== 'ADMIN') {
        throw new Error(`ADMIN_USERNAME ${opts.username} belongs to a non-admin account`);
      }
      if (existing) {
        // The same password at every start keeps the sessions (and its hash).
        if (await verifyPassword(existing.password_hash, password)) return null;
        await refuseWeak();
        const password_hash = await hashPassword(password);
        await db.transaction().execute(async (trx) => {
          const now = nowIso();
          await updateUser(trx, existing.id, { password_hash, updated_at: now });
          await endAllSessions(trx, existing.id, now);
        });
        return null;
      }
      await refuseWeak();
      if ((await createAdmin(db, opts.username, password)) || attempt > 0) return null;
    }
  }
  if (opts.username || opts.password) {
    throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  const anyAdmin = await db.selectFrom('users').select('id').where('role', '=', 'ADMIN').executeTakeFirst();
  if (anyAdmin) return null;
  const generatedPassword = randomToken(12);
  // Another instance that won the race prints its own password; this one has none to tell.
  if (!(await createAdmin(db, 'admin', generatedPassword))) return null;
  return { username: 'admin', generatedPassword };
}

/** False when the account already exists: another instance created it at the same moment. */
async function createAdmin(db: Kysely<Database>, username: string, password: string): Promise<boolean> {
  try {
    await createAccount(db, 'ADMIN', {
      username,
      password,
      email: `${username.toLowerCase()}@admin.invalid`,
      name: 'Администратор',
      surname: 'Администратор',
      patronymic: '',
    });
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return false;
    throw err;
  }
}
