import type { AdminCreateUserBody, AdminUpdateUserBody, Metrics } from '../../../src/shared/contract/admin';
import type { PageQuery, SearchPageQuery } from '../../../src/shared/contract/common';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { Role } from '../../../src/shared/roles';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { mapPage } from '../../lib/paging';
import { startOfDayIso } from '../../lib/time';
import { countLoginEventsSince } from '../auth';
import * as users from '../users';
import * as repo from './repository';

/** Admin-managed accounts: students and teachers (never another admin). */
export type ManagedRole = Extract<Role, 'TEACHER' | 'STUDENT'>;

export async function metrics(ctx: AppContext): Promise<Metrics> {
  const [logins, accounts, teachers, students] = await Promise.all([
    countLoginEventsSince(ctx.db, startOfDayIso(ctx.config.timezone)),
    users.countUsers(ctx.db),
    users.countUsers(ctx.db, 'TEACHER'),
    users.countUsers(ctx.db, 'STUDENT'),
  ]);
  return { logins, accounts, teachers, students };
}

export async function listUsers(ctx: AppContext, role: ManagedRole, q: SearchPageQuery) {
  return mapPage(await users.usersPage(ctx.db, role, q), users.toUserDto);
}

async function requireUser(ctx: AppContext, role: ManagedRole, id: number): Promise<User> {
  const user = await users.findUserByIdAndRole(ctx.db, id, role);
  if (!user) throw notFound(ERROR_TEXT.userNotFound);
  return user;
}

export async function getUser(ctx: AppContext, role: ManagedRole, id: number) {
  return users.toUserDto(await requireUser(ctx, role, id));
}

export async function createUser(
  ctx: AppContext,
  role: ManagedRole,
  body: AdminCreateUserBody & { patronymic: string },
) {
  return users.toUserDto(await users.createAccount(ctx.db, role, body));
}

export async function updateUser(
  ctx: AppContext,
  role: ManagedRole,
  body: Omit<AdminUpdateUserBody, 'password' | 'id'> & {
    id: number;
    patronymic: string;
    password: string | undefined;
  },
) {
  await requireUser(ctx, role, body.id);
  const updated = await users.updateAccount(ctx, body.id, body, { password: body.password, actor: 'admin' });
  if (!updated) throw notFound(ERROR_TEXT.userNotFound);
  return users.toUserDto(updated);
}

/** Logins and recovery attempts of any non-admin account. */
async function requireManaged(ctx: AppContext, id: number): Promise<User> {
  const user = await users.findUserById(ctx.db, id);
  if (!user || user.role === 'ADMIN') throw notFound(ERROR_TEXT.userNotFound);
  return user;
}

// The two lists of an account read its rows only of an account the admin manages; an empty page
// may be of an admin or of no account, which answer 404.
export async function listLogins(ctx: AppContext, userId: number, q: PageQuery) {
  const page = await repo.loginEventsPage(ctx.db, userId, q);
  if (page.items.length === 0) await requireManaged(ctx, userId);
  return mapPage(page, (e) => ({ id: e.id, date: e.created_at }));
}

export async function listRecoveries(ctx: AppContext, userId: number, q: PageQuery) {
  const page = await repo.recoveryAttemptsPage(ctx.db, userId, q);
  if (page.items.length === 0) await requireManaged(ctx, userId);
  return mapPage(page, (a) => ({
    id: a.id,
    delivered: a.delivered_at !== null,
    completed: a.completed_at !== null,
    create_date: a.created_at,
    expire_date: a.expires_at,
  }));
}
