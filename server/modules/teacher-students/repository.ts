import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable } from 'kysely';
import type { Db, TeacherStudentsTable, User } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

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

/** Users who accepted the teacher (or whom the teacher created), joined to their link. */
function acceptedStudents(db: Db, teacherId: number) {
  return db
    .selectFrom('users')
    .innerJoin('teacher_students', 'teacher_students.student_id', 'users.id')
    .where('teacher_students.teacher_id', '=', teacherId)
    .where('teacher_students.status', '=', 'accepted');
}

export async function findAcceptedStudent(
  db: Db,
  teacherId: number,
  studentId: number,
): Promise<User | undefined> {
  return acceptedStudents(db, teacherId)
    .selectAll('users')
    .where('users.id', '=', studentId)
    .where('users.role', '=', 'STUDENT')
    .executeTakeFirst();
}

/** What the students' lists show of an account (`toPersonDto`): never its hash, keys or e-mail. */
const PERSON_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.surname',
  'users.patronymic',
] as const;

export async function acceptedStudentsPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    acceptedStudents(db, teacherId).where(searchMatches('users.search', q.search_string)),
    (students) => students.select(PERSON_COLUMNS).orderBy('users.search').orderBy('users.id'),
  );
}

/** Every student, with the status of their link to this teacher (null: none). */
export async function allStudentsPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('users')
      .where('users.role', '=', 'STUDENT')
      .where(searchMatches('users.search', q.search_string)),
    (students) =>
      students
        .leftJoin('teacher_students', (join) =>
          join
            .onRef('teacher_students.student_id', '=', 'users.id')
            .on('teacher_students.teacher_id', '=', teacherId),
        )
        .select(PERSON_COLUMNS)
        .select('teacher_students.status as link_status')
        .orderBy('users.search')
        .orderBy('users.id'),
    {
      versioned: { db, table: 'users' },
      pageIds: { id: 'users.id', order: (users) => users.orderBy('users.search').orderBy('users.id') },
    },
  );
}

/** The teacher's exams assigned to the student, by name. */
export async function studentExamsPage(db: Db, teacherId: number, studentId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('exams')
      .innerJoin('exam_students', 'exam_students.exam_id', 'exams.id')
      .where('exams.teacher_id', '=', teacherId)
      .where('exam_students.student_id', '=', studentId)
      .where(searchMatches('exams.search', q.search_string)),
    (exams) => exams.select(['exams.id', 'exams.name']).orderBy('exams.search').orderBy('exams.id'),
  );
}
