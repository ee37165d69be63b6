import type { Db } from '../../db/types';

export async function countPendingRequests(db: Db, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('teacher_students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The student's pending requests with the teacher's name, newest first. */
export async function listPendingRequests(db: Db, studentId: number, limit: number, offset: number) {
  return db
    .selectFrom('teacher_students')
    .innerJoin('users', 'users.id', 'teacher_students.teacher_id')
    .select(['teacher_students.id', 'users.surname', 'users.name', 'users.patronymic'])
    .where('teacher_students.student_id', '=', studentId)
    .where('teacher_students.status', '=', 'pending')
    .orderBy('teacher_students.created_at', 'desc')
    .orderBy('teacher_students.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
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
