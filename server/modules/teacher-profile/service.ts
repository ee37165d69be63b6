import type { TeacherDataBody, TeacherProfile } from '../../../src/shared/contract/teacher';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { findUserByIdAndRole, toUserDto } from '../users/repository';
import { updateAccount } from '../users/service';

function toProfile(u: User): TeacherProfile {
  return { ...toUserDto(u), inform_about_exam_completion: u.inform_about_exam_completion === 1 };
}

export async function getProfile(ctx: AppContext, teacherId: number): Promise<TeacherProfile> {
  const user = await findUserByIdAndRole(ctx.db, teacherId, 'TEACHER');
  // The token outlived its account.
  if (!user) throw notFound(ERROR_TEXT.userNotFound);
  return toProfile(user);
}

/** Profile fields, and the completion-mail setting when given; taken username/e-mail → 409. */
export async function updateProfile(
  ctx: AppContext,
  teacherId: number,
  body: Omit<TeacherDataBody, 'patronymic'> & { patronymic: string },
): Promise<TeacherProfile> {
  const inform = body.inform_about_exam_completion;
  const updated = await updateAccount(ctx, teacherId, body, {
    actor: 'self',
    ...(inform === undefined || inform === null ? {} : { inform_about_exam_completion: inform ? 1 : 0 }),
  });
  if (!updated) throw notFound(ERROR_TEXT.userNotFound);
  return toProfile(updated);
}
