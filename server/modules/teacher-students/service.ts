import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { CreateStudentBody } from '../../../src/shared/contract/teacher';
import type { UserDto } from '../../../src/shared/contract/users';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { User } from '../../db/types';
import { isUniqueViolation, recheckOnRace } from '../../lib/db-errors';
import { conflictMessage, notFound } from '../../lib/http-error';
import { mapPage } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import { teacherStudentRecordingSummaries } from '../recordings';
import { createAccount, findUserByIdAndRole, toPersonDto, toUserDto } from '../users';
import * as repo from './repository';

/** The teacher's students: those who accepted a request, or whom the teacher created. */
export async function listStudents(ctx: AppContext, teacherId: number, q: SearchPageQuery) {
  return mapPage(await repo.acceptedStudentsPage(ctx.db, teacherId, q), toPersonDto);
}

/** Every student, each with where they stand with this teacher (for sending requests). */
export async function listGlobalStudents(ctx: AppContext, teacherId: number, q: SearchPageQuery) {
  return mapPage(await repo.allStudentsPage(ctx.db, teacherId, q), (u) => ({
    ...toPersonDto(u),
    link_status: u.link_status ?? ('none' as const),
  }));
}

async function requireStudent(ctx: AppContext, teacherId: number, studentId: number): Promise<User> {
  const student = await repo.findAcceptedStudent(ctx.db, teacherId, studentId);
  if (!student) throw notFound(AUTHORING_TEXT.studentNotFound);
  return student;
}

export async function getStudent(ctx: AppContext, teacherId: number, studentId: number): Promise<UserDto> {
  return toUserDto(await requireStudent(ctx, teacherId, studentId));
}

/**
 * Ends the link (or withdraws a pending request) and takes the student off the teacher's
 * exams, so no exam stays assigned to someone who is not on the list; recordings stay.
 */
export async function removeStudent(ctx: AppContext, teacherId: number, studentId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteLink(trx, teacherId, studentId))) throw notFound(AUTHORING_TEXT.studentNotFound);
    await repo.removeStudentFromTeacherExams(trx, teacherId, studentId);
  });
}

/** A pending request the student accepts or rejects. */
export async function sendRequest(ctx: AppContext, teacherId: number, studentId: number): Promise<void> {
  if (!(await findUserByIdAndRole(ctx.db, studentId, 'STUDENT')))
    throw notFound(AUTHORING_TEXT.studentNotFound);
  const refuse = async () => {
    const link = await repo.findLink(ctx.db, teacherId, studentId);
    if (link) {
      throw conflictMessage(
        link.status === 'accepted' ? AUTHORING_TEXT.studentAlreadyLinked : AUTHORING_TEXT.requestAlreadySent,
      );
    }
  };
  // The same request twice at once: the pair's unique key lets one through.
  await recheckOnRace(
    refuse,
    () =>
      repo.insertLink(ctx.db, {
        teacher_id: teacherId,
        student_id: studentId,
        status: 'pending',
        created_at: nowIso(),
        accepted_at: null,
      }),
    isUniqueViolation,
  );
}

/** A student account made by the teacher, on the teacher's list at once. */
export async function createStudent(
  ctx: AppContext,
  teacherId: number,
  body: CreateStudentBody & { patronymic: string },
) {
  const student = await createAccount(ctx.db, 'STUDENT', body);
  const now = nowIso();
  await repo.insertLink(ctx.db, {
    teacher_id: teacherId,
    student_id: student.id,
    status: 'accepted',
    created_at: now,
    accepted_at: now,
  });
  return toUserDto(student);
}

export async function listStudentExams(
  ctx: AppContext,
  teacherId: number,
  studentId: number,
  q: SearchPageQuery,
) {
  await requireStudent(ctx, teacherId, studentId);
  return repo.studentExamsPage(ctx.db, teacherId, studentId, q);
}

export async function listStudentAudios(
  ctx: AppContext,
  teacherId: number,
  studentId: number,
  q: SearchPageQuery,
) {
  await requireStudent(ctx, teacherId, studentId);
  return teacherStudentRecordingSummaries(ctx.db, teacherId, studentId, q);
}
