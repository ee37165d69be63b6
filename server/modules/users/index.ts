// The users module's entry: what other modules may use of accounts. Readers of account rows are
// thin pass-throughs to the repository (db or a transaction first, so a caller's transaction
// spans them); the writes go through the service's rules.
import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Role } from '../../../src/shared/roles';
import type { Db, NewUser } from '../../db/types';
import * as repo from './repository';

export {
  confirmOwnChange,
  createAccount,
  endAllSessions,
  queueRecoveryNotice,
  updateAccount,
} from './service';
export { OWN_DATA_DESCRIPTION, ownPasswordRoute, withRetryAfter } from './routes';
// Pure helpers of the repository file (no database).
export { toPersonDto, toUserDto, usernameKey, type ProfileFields } from './repository';

export const findUserById = (db: Db, id: number) => repo.findUserById(db, id);
export const findUserByIdAndRole = (db: Db, id: number, role: Role) => repo.findUserByIdAndRole(db, id, role);
export const findUserByUsername = (db: Db, username: string) => repo.findUserByUsername(db, username);
export const findUserByEmail = (db: Db, email: string) => repo.findUserByEmail(db, email);
export const updateUser = (db: Db, id: number, changes: Partial<NewUser>) => repo.updateUser(db, id, changes);
export const countUsers = (db: Db, role?: Role) => repo.countUsers(db, role);
export const usersPage = (db: Db, role: Role, q: SearchPageQuery) => repo.usersPage(db, role, q);
