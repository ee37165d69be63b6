import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, ExamsTable } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

export type ExamRow = Selectable<ExamsTable>;

export async function insertExam(db: Db, row: Insertable<ExamsTable>): Promise<ExamRow> {
  return db.insertInto('exams').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateTeacherExam(
  db: Db,
  teacherId: number,
  id: number,
  changes: Updateable<ExamsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('exams')
    .set(changes)
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Every column of an exam, named: the teacher's exam is checked by nearly every teacher call, and
 * PostgreSQL prepares a statement once per connection only when it names its columns.
 */
const EXAM_COLUMNS = [
  'id',
  'teacher_id',
  'name',
  'search',
  'attempts',
  'opens_at',
  'closes_at',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof ExamRow>;

export async function findTeacherExam(db: Db, teacherId: number, id: number): Promise<ExamRow | undefined> {
  return db
    .selectFrom('exams')
    .select(EXAM_COLUMNS)
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
}

/** The teacher's exams whose name matches the search, by name. */
export async function teacherExamsPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('exams')
      .where('teacher_id', '=', teacherId)
      .where(searchMatches('search', q.search_string)),
    (exams) => exams.select(['id', 'name']).orderBy('search').orderBy('id'),
  );
}

/** Replaces the exam's variants with these, in this order. */
export async function setExamVariants(db: Db, examId: number, variantIds: number[]): Promise<void> {
  await db.deleteFrom('exam_variants').where('exam_id', '=', examId).execute();
  if (variantIds.length === 0) return;
  await db
    .insertInto('exam_variants')
    .values(variantIds.map((variant_id, position) => ({ exam_id: examId, variant_id, position })))
    .execute();
}

/** Replaces the exam's students with these. */
export async function setExamStudents(db: Db, examId: number, studentIds: number[]): Promise<void> {
  await db.deleteFrom('exam_students').where('exam_id', '=', examId).execute();
  if (studentIds.length === 0) return;
  await db
    .insertInto('exam_students')
    .values(studentIds.map((student_id) => ({ exam_id: examId, student_id })))
    .execute();
}

/**
 * Keeps in the assignment history every variant each assigned student is given in the exam now
 * (the history only grows: late answers of what was given stay welcome).
 */
export async function recordAssignments(db: Db, examId: number, now: string): Promise<void> {
  await db
    .insertInto('exam_assignment_history')
    .columns(['exam_id', 'student_id', 'variant_id', 'first_at'])
    .expression((eb) =>
      eb
        .selectFrom('exam_students as s')
        .innerJoin('exam_variants as v', 'v.exam_id', 's.exam_id')
        .select(['s.exam_id', 's.student_id', 'v.variant_id', eb.val(now).as('first_at')])
        .where('s.exam_id', '=', examId),
    )
    .onConflict((oc) => oc.columns(['exam_id', 'student_id', 'variant_id']).doNothing())
    .execute();
}

export async function examVariantIds(db: Db, examId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('exam_variants')
    .select('variant_id')
    .where('exam_id', '=', examId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.variant_id);
}

export async function examStudentIds(db: Db, examId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('exam_students')
    .select('student_id')
    .where('exam_id', '=', examId)
    .orderBy('student_id')
    .execute();
  return rows.map((r) => r.student_id);
}

export async function recordingKeysOfExam(db: Db, examId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('recordings')
    .select('storage_key')
    .where('exam_id', '=', examId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/** Deletes the exam; its variants, students, sessions, recordings and comments cascade. */
export async function deleteTeacherExam(db: Db, teacherId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('exams')
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
