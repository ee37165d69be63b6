import type { PageQuery } from '../../../src/shared/contract/common';
import type { Db } from '../../db/types';
import { selectPage } from '../../lib/paging';

/** The student's pending requests with the teacher's name, newest first. */
export async function pendingRequestsPage(db: Db, studentId: number, q: PageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('teacher_students')
      .where('teacher_students.student_id', '=', studentId)
      .where('teacher_students.status', '=', 'pending'),
    (requests) =>
      requests
        .innerJoin('users', 'users.id', 'teacher_students.teacher_id')
        .select(['teacher_students.id', 'users.surname', 'users.name', 'users.patronymic'])
        .orderBy('teacher_students.created_at', 'desc')
        .orderBy('teacher_students.id', 'desc'),
  );
}

export async function findStudentLink(db: Db, studentId: number, linkId: number) {
  return db
    .selectFrom('teacher_students')
    .selectAll()
    .where('id', '=', linkId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** Accepts a pending request; false when there was none to accept. */
export async function acceptRequest(
  db: Db,
  studentId: number,
  linkId: number,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('teacher_students')
    .set({ status: 'accepted', accepted_at: now })
    .where('id', '=', linkId)
    .where('student_id', '=', studentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a pending request; false when there was none. */
export async function deletePendingRequest(db: Db, studentId: number, linkId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('teacher_students')
    .where('id', '=', linkId)
    .where('student_id', '=', studentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
