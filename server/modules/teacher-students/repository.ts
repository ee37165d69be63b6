import type { Insertable, Selectable } from 'kysely';
import type { Db, TeacherStudentsTable, User } from '../../db/types';
import { searchMatches } from '../../lib/paging';

export type LinkRow = Selectable<TeacherStudentsTable>;

/** Which of these ids are students who accepted the teacher. */
export async function acceptedStudentIds(db: Db, teacherId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('teacher_students')
    .select('student_id')
    .where('teacher_id', '=', teacherId)
    .where('status', '=', 'accepted')
    .where('student_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.student_id));
}

export async function findLink(db: Db, teacherId: number, studentId: number): Promise<LinkRow | undefined> {
  return db
    .selectFrom('teacher_students')
    .selectAll()
    .where('teacher_id', '=', teacherId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function insertLink(db: Db, row: Insertable<TeacherStudentsTable>): Promise<LinkRow> {
  return db.insertInto('teacher_students').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteLink(db: Db, teacherId: number, studentId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('teacher_students')
    .where('teacher_id', '=', teacherId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Takes the student off every exam of the teacher (their recordings stay). */
export async function removeStudentFromTeacherExams(
  db: Db,
  teacherId: number,
  studentId: number,
): Promise<void> {
  await db
    .deleteFrom('exam_students')
    .where('student_id', '=', studentId)
    .where('exam_id', 'in', db.selectFrom('exams').select('id').where('teacher_id', '=', teacherId))
    .execute();
}

export async function findAcceptedStudent(
  db: Db,
  teacherId: number,
  studentId: number,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('teacher_students', 'teacher_students.student_id', 'users.id')
    .selectAll('users')
    .where('users.id', '=', studentId)
    .where('users.role', '=', 'STUDENT')
    .where('teacher_students.teacher_id', '=', teacherId)
    .where('teacher_students.status', '=', 'accepted')
    .executeTakeFirst();
}

export async function countAcceptedStudents(db: Db, teacherId: number, search: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('teacher_students', 'teacher_students.student_id', 'users.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('teacher_students.teacher_id', '=', teacherId)
    .where('teacher_students.status', '=', 'accepted')
    .where(searchMatches('users.search', search))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAcceptedStudents(
  db: Db,
  teacherId: number,
  search: string,
  limit: number,
  offset: number,
): Promise<User[]> {
  return db
    .selectFrom('users')
    .innerJoin('teacher_students', 'teacher_students.student_id', 'users.id')
    .selectAll('users')
    .where('teacher_students.teacher_id', '=', teacherId)
    .where('teacher_students.status', '=', 'accepted')
    .where(searchMatches('users.search', search))
    .orderBy('users.search')
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAllStudents(db: Db, search: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'STUDENT')
    .where(searchMatches('search', search))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every student, with the status of their link to this teacher (null: none). */
export async function listAllStudents(
  db: Db,
  teacherId: number,
  search: string,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('users')
    .leftJoin('teacher_students', (join) =>
      join
        .onRef('teacher_students.student_id', '=', 'users.id')
        .on('teacher_students.teacher_id', '=', teacherId),
    )
    .selectAll('users')
    .select('teacher_students.status as link_status')
    .where('users.role', '=', 'STUDENT')
    .where(searchMatches('users.search', search))
    .orderBy('users.search')
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countStudentExams(db: Db, teacherId: number, studentId: number, search: string) {
  const row = await db
    .selectFrom('exams')
    .innerJoin('exam_students', 'exam_students.exam_id', 'exams.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exams.teacher_id', '=', teacherId)
    .where('exam_students.student_id', '=', studentId)
    .where(searchMatches('exams.search', search))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The teacher's exams assigned to the student, by name. */
export async function listStudentExams(
  db: Db,
  teacherId: number,
  studentId: number,
  search: string,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('exams')
    .innerJoin('exam_students', 'exam_students.exam_id', 'exams.id')
    .select(['exams.id', 'exams.name'])
    .where('exams.teacher_id', '=', teacherId)
    .where('exam_students.student_id', '=', studentId)
    .where(searchMatches('exams.search', search))
    .orderBy('exams.search')
    .orderBy('exams.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countStudentRecordings(db: Db, teacherId: number, studentId: number, search: string) {
  const row = await db
    .selectFrom('recordings')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exams.teacher_id', '=', teacherId)
    .where('recordings.student_id', '=', studentId)
    .where(searchMatches('recordings.search', search))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The student's recordings in the teacher's exams, newest first. */
export async function listStudentRecordings(
  db: Db,
  teacherId: number,
  studentId: number,
  search: string,
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('recordings')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .select(['recordings.id', 'recordings.name', 'recordings.created_at', 'recordings.checked'])
    .where('exams.teacher_id', '=', teacherId)
    .where('recordings.student_id', '=', studentId)
    .where(searchMatches('recordings.search', search))
    .orderBy('recordings.created_at', 'desc')
    .orderBy('recordings.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
