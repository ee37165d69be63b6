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

/** The exam an answer goes to, and what decides whether it came late or may land at all. */
export type GivenExam = ExamRow & {
  /** The exam is assigned to the student now. */
  assigned: boolean;
  /** The variant is one of the exam's now. */
  inExam: boolean;
  /** The variant is still one of the exam's teacher's. */
  teacherVariant: boolean;
  /** The student's recordings the exam holds already (the limit of answers an exam keeps). */
  kept: number;
  /** The student's name as the recording is named (null: no such account). */
  student: AnswerStudent | null;
  /** The exam's teacher as their completion mail needs them (null: no such account). */
  teacher: AnswerTeacher | null;
};

export interface AnswerStudent {
  surname: string;
  name: string;
  patronymic: string;
}

export interface AnswerTeacher {
  email: string;
  informAboutExamCompletion: boolean;
}

/**
 * The exam when the student was given this variant in it, now or before (the assignment
 * history): where an answer may go; with whether it is assigned now, where the variant stands
 * and how many of the student's answers it holds, in the same statement (an answer's upload asks
 * all of them). Anything else answers undefined.
 */
export async function findGivenExam(
  db: Db,
  studentId: number,
  examId: number,
  variantId: number,
): Promise<GivenExam | undefined> {
  const row = await db
    .selectFrom('exams')
    .innerJoin('exam_assignment_history as h', 'h.exam_id', 'exams.id')
    .leftJoin('users as s', (join) => join.on('s.id', '=', studentId))
    .leftJoin('users as t', 't.id', 'exams.teacher_id')
    .selectAll('exams')
    .select([
      's.surname as student_surname',
      's.name as student_name',
      's.patronymic as student_patronymic',
      't.email as teacher_email',
      't.inform_about_exam_completion as teacher_informed',
    ])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('exam_students')
            .select('exam_students.exam_id')
            .whereRef('exam_students.exam_id', '=', 'exams.id')
            .where('exam_students.student_id', '=', studentId),
        )
        .as('assigned'),
      eb
        .exists(
          eb
            .selectFrom('exam_variants')
            .select('exam_variants.exam_id')
            .whereRef('exam_variants.exam_id', '=', 'exams.id')
            .where('exam_variants.variant_id', '=', variantId),
        )
        .as('in_exam'),
      eb
        .exists(
          eb
            .selectFrom('variants')
            .select('variants.id')
            .where('variants.id', '=', variantId)
            .whereRef('variants.teacher_id', '=', 'exams.teacher_id'),
        )
        .as('teacher_variant'),
      eb
        .selectFrom('recordings')
        .select((r) => r.fn.countAll<number | string>().as('n'))
        .whereRef('recordings.exam_id', '=', 'exams.id')
        .where('recordings.student_id', '=', studentId)
        .as('kept'),
    ])
    .where('exams.id', '=', examId)
    .where('h.student_id', '=', studentId)
    .where('h.variant_id', '=', variantId)
    .executeTakeFirst();
  if (!row) return undefined;
  // Booleans on PostgreSQL, 0 or 1 on SQLite.
  const {
    assigned,
    in_exam,
    teacher_variant,
    kept,
    student_surname,
    student_name,
    student_patronymic,
    teacher_email,
    teacher_informed,
    ...exam
  } = row;
  return {
    ...exam,
    assigned: Boolean(assigned),
    inExam: Boolean(in_exam),
    teacherVariant: Boolean(teacher_variant),
    kept: Number(kept ?? 0),
    student:
      student_surname === null || student_name === null || student_patronymic === null
        ? null
        : { surname: student_surname, name: student_name, patronymic: student_patronymic },
    teacher:
      teacher_email === null
        ? null
        : { email: teacher_email, informAboutExamCompletion: teacher_informed === 1 },
  };
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
