import type { StudentDataBody, StudentProfile } from '../../../src/shared/contract/student';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { confirmOwnChange, findUserByIdAndRole, toUserDto, updateAccount } from '../users';

export async function getProfile(ctx: AppContext, studentId: number): Promise<StudentProfile> {
  const user = await findUserByIdAndRole(ctx.db, studentId, 'STUDENT');
  // The token outlived its account.
  if (!user) throw notFound(ERROR_TEXT.userNotFound);
  return toUserDto(user);
}

/**
 * Profile fields; a username or e-mail another account holds answers 409 with `errors`. Needs
 * the current password, or a recent login (confirmOwnChange).
 */
export async function updateProfile(
  ctx: AppContext,
  caller: AuthUser,
  body: Omit<StudentDataBody, 'patronymic'> & { patronymic: string },
  address: string,
): Promise<StudentProfile> {
  await confirmOwnChange(ctx, caller, body.currentPassword, address);
  const updated = await updateAccount(ctx, caller.id, body, { actor: 'self' });
  if (!updated) throw notFound(ERROR_TEXT.userNotFound);
  return toUserDto(updated);
}
