import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Role } from '../../../src/shared/roles';
import { foldSearchText, searchColumn } from '../../../src/shared/search-text';
import type { Db, NewUser, User } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

export interface ProfileFields {
  username: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
}

export const usernameKey = (username: string) => foldSearchText(username.trim());
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The columns derived from the profile: lookup keys and the search text the lists show. */
export function profileColumns(p: ProfileFields) {
  return {
    username: p.username,
    username_key: usernameKey(p.username),
    email: p.email,
    email_key: emailKey(p.email),
    name: p.name,
    surname: p.surname,
    patronymic: p.patronymic,
    search: searchColumn(p.surname, p.name, p.patronymic, p.username),
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/**
 * Every column of an account, named: PostgreSQL prepares a statement once per connection only when
 * it names its columns, and an account is looked up by id on many calls (a missing column fails
 * the type of the functions below).
 */
const USER_COLUMNS = [
  'id',
  'role',
  'username',
  'username_key',
  'email',
  'email_key',
  'password_hash',
  'name',
  'surname',
  'patronymic',
  'inform_about_exam_completion',
  'search',
  'created_at',
  'updated_at',
  'token_version',
] as const satisfies ReadonlyArray<keyof User>;

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserByIdAndRole(db: Db, id: number, role: Role): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .where('role', '=', role)
    .executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
}

/** Which of username and e-mail another account already holds. */
export async function findTakenFields(
  db: Db,
  fields: { username: string; email: string },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean }> {
  let q = db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) =>
      eb.or([
        eb('username_key', '=', usernameKey(fields.username)),
        eb('email_key', '=', emailKey(fields.email)),
      ]),
    );
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  const rows = await q.execute();
  return {
    username: rows.some((r) => r.username_key === usernameKey(fields.username)),
    email: rows.some((r) => r.email_key === emailKey(fields.email)),
  };
}

export async function updateUser(db: Db, id: number, changes: Partial<NewUser>): Promise<User | undefined> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Refuses every access token issued so far (they carry the old version). */
export async function raiseTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function countUsers(db: Db, role?: Role): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) q = q.where('role', '=', role);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Accounts of the role whose name matches the search, by name. Its pages are kept while no
 * account changes, so they hold what the list shows and nothing more (no password hashes).
 */
export async function usersPage(db: Db, role: Role, q: SearchPageQuery) {
  return selectPage(
    q,
    db.selectFrom('users').where('role', '=', role).where(searchMatches('users.search', q.search_string)),
    (users) =>
      users
        .select(['id', 'username', 'email', 'name', 'surname', 'patronymic'])
        .orderBy('search')
        .orderBy('id'),
    {
      versioned: { db, table: 'users', keepRows: true },
      pageIds: { id: 'users.id', order: (users) => users.orderBy('users.search').orderBy('users.id') },
    },
  );
}

/** An account as lists that show names and the login see it: no e-mail. */
export function toPersonDto(u: Pick<User, 'id' | 'username' | 'name' | 'surname' | 'patronymic'>) {
  return { id: u.id, username: u.username, name: u.name, surname: u.surname, patronymic: u.patronymic };
}

export function toUserDto(u: Pick<User, 'id' | 'username' | 'email' | 'name' | 'surname' | 'patronymic'>) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    surname: u.surname,
    patronymic: u.patronymic,
  };
}
