import type { TeacherDataBody, TeacherProfile } from '../../../src/shared/contract/teacher';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { notFound } from '../../lib/http-error';
import type { AuthUser } from '../../plugins/auth';
import { confirmOwnChange, findUserByIdAndRole, toUserDto, updateAccount } from '../users';

function toProfile(u: User): TeacherProfile {
  return { ...toUserDto(u), inform_about_exam_completion: u.inform_about_exam_completion === 1 };
}

export async function getProfile(ctx: AppContext, teacherId: number): Promise<TeacherProfile> {
  const user = await findUserByIdAndRole(ctx.db, teacherId, 'TEACHER');
  // The token outlived its account.
  if (!user) throw notFound(ERROR_TEXT.userNotFound);
  return toProfile(user);
}

/**
 * Profile fields, and the completion-mail setting when given; taken username/e-mail → 409. Needs
 * the current password, or a recent login (confirmOwnChange).
 */
export async function updateProfile(
  ctx: AppContext,
  caller: AuthUser,
  body: Omit<TeacherDataBody, 'patronymic'> & { patronymic: string },
  address: string,
): Promise<TeacherProfile> {
  await confirmOwnChange(ctx, caller, body.currentPassword, address);
  const inform = body.inform_about_exam_completion;
  const updated = await updateAccount(ctx, caller.id, body, {
    actor: 'self',
    ...(inform === undefined || inform === null ? {} : { inform_about_exam_completion: inform ? 1 : 0 }),
  });
  if (!updated) throw notFound(ERROR_TEXT.userNotFound);
  return toProfile(updated);
}
