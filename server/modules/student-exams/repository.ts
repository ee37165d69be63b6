import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable } from 'kysely';
import type { Db, ExamSessionsTable, ExamsTable } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

export type ExamRow = Selectable<ExamsTable>;
export type SessionRow = Selectable<ExamSessionsTable>;

/** The exam when it is assigned to the student; a foreign or missing one answers undefined. */
export async function findAssignedExam(
  db: Db,
  studentId: number,
  examId: number,
): Promise<ExamRow | undefined> {
  return db
    .selectFrom('exams')
    .innerJoin('exam_students', 'exam_students.exam_id', 'exams.id')
    .selectAll('exams')
    .where('exams.id', '=', examId)
    .where('exam_students.student_id', '=', studentId)
    .executeTakeFirst();
}

/**
 * The exam when the student was given this variant in it, now or before (the assignment
 * history): where an answer may go. Anything else answers undefined.
 */
export async function findGivenExam(
  db: Db,
  studentId: number,
  examId: number,
  variantId: number,
): Promise<ExamRow | undefined> {
  return db
    .selectFrom('exams')
    .innerJoin('exam_assignment_history as h', 'h.exam_id', 'exams.id')
    .selectAll('exams')
    .where('exams.id', '=', examId)
    .where('h.student_id', '=', studentId)
    .where('h.variant_id', '=', variantId)
    .executeTakeFirst();
}

/** Whether the student was ever given this variant in this exam. */
export async function wasVariantGiven(
  db: Db,
  studentId: number,
  examId: number,
  variantId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('exam_assignment_history')
    .select('exam_id')
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the variant still exists among the teacher's own. */
export async function isTeacherVariant(db: Db, teacherId: number, variantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('variants')
    .select('id')
    .where('id', '=', variantId)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The exams assigned to the student, by name. */
export async function assignedExamsPage(db: Db, studentId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('exams')
      .innerJoin('exam_students', 'exam_students.exam_id', 'exams.id')
      .where('exam_students.student_id', '=', studentId)
      .where(searchMatches('exams.search', q.search_string)),
    (exams) =>
      exams
        .select(['exams.id', 'exams.name', 'exams.attempts', 'exams.opens_at', 'exams.closes_at'])
        .orderBy('exams.search')
        .orderBy('exams.id'),
  );
}

/** The exam's variants in the teacher's order. */
export async function listExamVariants(db: Db, examId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('exam_variants')
    .innerJoin('variants', 'variants.id', 'exam_variants.variant_id')
    .select(['variants.id', 'variants.name'])
    .where('exam_variants.exam_id', '=', examId)
    .orderBy('exam_variants.position')
    .orderBy('variants.id')
    .execute();
}

export async function insertSession(db: Db, row: Insertable<ExamSessionsTable>): Promise<SessionRow> {
  return db.insertInto('exam_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findStudentSession(
  db: Db,
  studentId: number,
  sessionId: number,
): Promise<SessionRow | undefined> {
  return db
    .selectFrom('exam_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/**
 * Marks the session complete once (a repeat keeps the first time) and, when given, records the
 * variant taken.
 */
export async function completeSession(
  db: Db,
  sessionId: number,
  completedAt: string,
  variantId?: number,
): Promise<void> {
  await db
    .updateTable('exam_sessions')
    .set((eb) => ({
      completed_at: eb.fn.coalesce('completed_at', eb.val(completedAt)),
      ...(variantId !== undefined ? { variant_id: variantId } : {}),
    }))
    .where('id', '=', sessionId)
    .execute();
}
