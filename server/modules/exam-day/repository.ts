import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, ExamProgressEventsTable, ExamProgressTable } from '../../db/types';
import { oneOf } from '../../lib/one-of';

// The exam day's queries: the attempts' progress as devices report it, the class's view of one
// exam (a few queries for the whole class), and the events other instances poll without Redis.

export type ProgressRow = Selectable<ExamProgressTable>;

/**
 * Whether the exam is the student's now (assigned) or was before (the assignment history), and
 * with `variantId` whether they were given that variant in it: where a report may be made.
 */
export async function isExamGiven(
  db: Db,
  studentId: number,
  examId: number,
  variantId?: number,
): Promise<boolean> {
  if (variantId !== undefined) {
    const given = await db
      .selectFrom('exam_assignment_history')
      .select('exam_id')
      .where('exam_id', '=', examId)
      .where('student_id', '=', studentId)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
    return given !== undefined;
  }
  const row = await db
    .selectFrom('exams')
    .select('exams.id')
    .where('exams.id', '=', examId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('exam_students')
            .select('exam_students.exam_id')
            .where('exam_students.exam_id', '=', examId)
            .where('exam_students.student_id', '=', studentId),
        ),
        eb.exists(
          eb
            .selectFrom('exam_assignment_history')
            .select('exam_assignment_history.exam_id')
            .where('exam_assignment_history.exam_id', '=', examId)
            .where('exam_assignment_history.student_id', '=', studentId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a report of an attempt unless the one held for its clientId is newer (by the corrected
 * device time): an older report changes nothing. A refusal already recorded stays (the device
 * keeps reporting the answer it still holds); the variant, once known, is kept. Answers whether
 * the row changed.
 */
export async function upsertProgress(
  db: Db,
  row: Omit<Insertable<ExamProgressTable>, 'refused_reason' | 'refused_at'>,
): Promise<boolean> {
  const result = await db
    .insertInto('exam_progress')
    .values({ ...row, refused_reason: null, refused_at: null })
    .onConflict((oc) =>
      oc
        .columns(['exam_id', 'student_id', 'client_id'])
        .doUpdateSet((eb) => ({
          variant_id: eb.fn.coalesce('excluded.variant_id', 'exam_progress.variant_id'),
          state: eb.ref('excluded.state'),
          task: eb.ref('excluded.task'),
          question: eb.ref('excluded.question'),
          pending_bytes: eb.ref('excluded.pending_bytes'),
          device_at: eb.ref('excluded.device_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('exam_progress.device_at', '<=', sql<string>`excluded.device_at`),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Records the server's final refusal of an attempt's upload on its row, making the row when the
 * device never reported (an older client): then finished at `deviceAt`, the refusal's time.
 */
export async function recordRefusal(
  db: Db,
  key: { exam_id: number; student_id: number; client_id: string },
  reason: string,
  at: string,
  deviceAt: string,
): Promise<void> {
  await db
    .insertInto('exam_progress')
    .values({
      ...key,
      variant_id: null,
      state: 'finished',
      task: null,
      question: null,
      pending_bytes: null,
      device_at: deviceAt,
      updated_at: at,
      refused_reason: reason,
      refused_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['exam_id', 'student_id', 'client_id'])
        .doUpdateSet({ refused_reason: reason, refused_at: at }),
    )
    .execute();
}

/** The exam's id and teacher, or undefined once it is gone. */
export async function findExam(db: Db, examId: number) {
  return db.selectFrom('exams').select(['id', 'teacher_id']).where('id', '=', examId).executeTakeFirst();
}

/** Every student assigned to the exam now. */
export async function assignedStudents(db: Db, examId: number) {
  return db
    .selectFrom('exam_students')
    .innerJoin('users', 'users.id', 'exam_students.student_id')
    .select(['users.id', 'users.surname', 'users.name'])
    .where('exam_students.exam_id', '=', examId)
    .execute();
}

/** Every attempt of the exam any device reported. */
/** Every column of a progress row, named (PostgreSQL prepares the statement; `select *` it would not). */
const PROGRESS_COLUMNS = [
  'exam_id',
  'student_id',
  'client_id',
  'variant_id',
  'state',
  'task',
  'question',
  'pending_bytes',
  'device_at',
  'updated_at',
  'refused_reason',
  'refused_at',
] as const satisfies ReadonlyArray<keyof ProgressRow>;

/**
 * How many tasks the row's variant has (0: none, or the variant is gone), read with the row: the
 * progress view shows "task 2 of 4" without a statement of its own for the counts.
 */
const variantTasksOf = (variantId: 'exam_progress.variant_id' | 'recordings.variant_id') =>
  sql<
    number | string | null
  >`(select count(*) from variant_tasks where variant_tasks.variant_id = ${sql.ref(variantId)})`.as(
    'variant_tasks',
  );

/** The exam's progress rows: of these students only, when given; each with its variant's task count. */
export async function examProgressRows(db: Db, examId: number, studentIds?: number[]) {
  if (studentIds?.length === 0) return [];
  let query = db
    .selectFrom('exam_progress')
    .select(PROGRESS_COLUMNS)
    .select(variantTasksOf('exam_progress.variant_id'))
    .where('exam_id', '=', examId);
  if (studentIds) query = query.where(oneOf(db, 'student_id', studentIds));
  return query.execute();
}

export interface ReceivedRow {
  id: number;
  student_id: number;
  client_id: string;
  variant_id: number | null;
  created_at: string;
  late: number;
  after_close: number;
  /** Its variant's task count (0: none, or the variant is gone). */
  variant_tasks: number | string | bigint | null;
}

/**
 * The exam's recordings, as far as the progress view needs them, with their grades and flags
 * (which the statistics read beside the progress: one query for both): of these students only,
 * when given.
 */
export async function examRecordings(db: Db, examId: number, studentIds?: number[]) {
  if (studentIds?.length === 0) return [];
  let query = db
    .selectFrom('recordings')
    .leftJoin('recording_grades', 'recording_grades.recording_id', 'recordings.id')
    .select([
      'recordings.id',
      'recordings.student_id',
      'recordings.client_id',
      'recordings.variant_id',
      'recordings.created_at',
      'recordings.late',
      'recordings.after_close',
      'recordings.over_attempts',
      'recording_grades.scores',
      'recording_grades.total',
      'recording_grades.max_total',
      'recording_grades.graded_at',
    ])
    .select(variantTasksOf('recordings.variant_id'))
    .where('recordings.exam_id', '=', examId);
  if (studentIds) query = query.where(oneOf(db, 'recordings.student_id', studentIds));
  return query.execute();
}

// ---- the events table (instances without Redis) ----

export async function insertEvent(db: Db, row: Insertable<ExamProgressEventsTable>): Promise<void> {
  await db.insertInto('exam_progress_events').values(row).execute();
}

/** The newest event's id, 0 when there is none. */
export async function lastEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('exam_progress_events')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Events after `afterId`, and those of `gaps` (ids skipped before: a later commit may fill them). */
export async function eventsSince(db: Db, afterId: number, gaps: number[], limit: number) {
  return db
    .selectFrom('exam_progress_events')
    .select(['id', 'exam_id', 'origin'])
    .where((eb) =>
      gaps.length > 0 ? eb.or([eb('id', '>', afterId), eb('id', 'in', gaps)]) : eb('id', '>', afterId),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('exam_progress_events').where('at', '<', before).execute();
}
