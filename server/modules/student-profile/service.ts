import type { StudentDataBody, StudentProfile } from '../../../src/shared/contract/student';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { findUserByIdAndRole, toUserDto } from '../users/repository';
import { updateAccount } from '../users/service';

export async function getProfile(ctx: AppContext, studentId: number): Promise<StudentProfile> {
  const user = await findUserByIdAndRole(ctx.db, studentId, 'STUDENT');
  // The token outlived its account.
  if (!user) throw notFound(ERROR_TEXT.userNotFound);
  return toUserDto(user);
}

/** Profile fields; a username or e-mail another account holds answers 409 with `errors`. */
export async function updateProfile(
  ctx: AppContext,
  studentId: number,
  body: Omit<StudentDataBody, 'patronymic'> & { patronymic: string },
): Promise<StudentProfile> {
  const updated = await updateAccount(ctx, studentId, body, { actor: 'self' });
  if (!updated) throw notFound(ERROR_TEXT.userNotFound);
  return toUserDto(updated);
}
