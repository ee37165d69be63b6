import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable } from 'kysely';
import type { Db, RecordingsTable } from '../../db/types';
import { searchMatches, selectPage, type Page } from '../../lib/paging';
import { oneOf } from '../../lib/one-of';

export type RecordingRow = Selectable<RecordingsTable>;

export interface RecordingSummaryRow {
  id: number;
  name: string;
  created_at: string;
  checked: number;
  total: number | null;
  max_total: number | null;
  graded_at: string | null;
  interrupted: number;
  late: number;
  after_close: number;
  over_attempts: number;
  duration: number;
  /** Drivers answer a window function's bigint as a number (SQLite) or a string (PostgreSQL). */
  attempt: number | string | bigint;
}

/**
 * What a list row shows of a recording; the query must left-join its grade and join
 * `attemptNumbers` on `attempts.recording_id`.
 */
const SUMMARY = [
  'recordings.id',
  'recordings.name',
  'recordings.created_at',
  'recordings.checked',
  'recordings.duration',
  'attempts.attempt',
  'recording_grades.total',
  'recording_grades.max_total',
  'recording_grades.graded_at',
  'recordings.interrupted',
  'recordings.late',
  'recordings.after_close',
  'recordings.over_attempts',
] as const;

export async function insertRecording(db: Db, row: Insertable<RecordingsTable>): Promise<RecordingRow> {
  return db.insertInto('recordings').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Bytes the student's recordings take in storage, every exam together. */
export async function studentStorageUsed(db: Db, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('recordings')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('used'))
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** How many recordings the student keeps for the exam. */
export async function countStudentExamRecordings(db: Db, studentId: number, examId: number): Promise<number> {
  const row = await db
    .selectFrom('recordings')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('student_id', '=', studentId)
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many recordings the student keeps for each of these exams (absent: none), in one query. */
export async function studentRecordingCounts(
  db: Db,
  studentId: number,
  examIds: number[],
): Promise<Map<number, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('recordings')
    .select((eb) => ['exam_id', eb.fn.countAll<number | string>().as('n')])
    .where('student_id', '=', studentId)
    .where(oneOf(db, 'exam_id', examIds))
    .groupBy('exam_id')
    .execute();
  return new Map(rows.map((r) => [r.exam_id, Number(r.n)]));
}

export async function findRecordingByClientId(db: Db, clientId: string): Promise<RecordingRow | undefined> {
  return db.selectFrom('recordings').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function findRecordingById(db: Db, id: number): Promise<RecordingRow | undefined> {
  return db.selectFrom('recordings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findStudentRecording(
  db: Db,
  studentId: number,
  id: number,
): Promise<RecordingRow | undefined> {
  return db
    .selectFrom('recordings')
    .selectAll()
    .where('id', '=', id)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** A recording of one of the teacher's exams, with who recorded it and the exam's name. */
export async function findTeacherRecording(db: Db, teacherId: number, id: number) {
  return db
    .selectFrom('recordings')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .innerJoin('users', 'users.id', 'recordings.student_id')
    .selectAll('recordings')
    .select([
      'exams.name as exam_name',
      'users.surname as student_surname',
      'users.name as student_name',
      'users.patronymic as student_patronymic',
    ])
    .where('recordings.id', '=', id)
    .where('exams.teacher_id', '=', teacherId)
    .executeTakeFirst();
}

/** Whether the recording belongs to one of the teacher's exams. */
export async function isTeacherRecording(db: Db, teacherId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('recordings')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .select('recordings.id')
    .where('recordings.id', '=', id)
    .where('exams.teacher_id', '=', teacherId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findVariantSummary(
  db: Db,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('variants').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

// ---- lists ----

/**
 * Each recording's attempt: its place among the student's recordings of its exam, oldest first,
 * numbered by a window function in one pass (SQLite and PostgreSQL alike). Narrowed to one
 * student or one exam, which keeps every (student, exam) group whole, so the numbers are those
 * of all the student's recordings of the exam whatever the list then filters or pages.
 */
function attemptNumbers(db: Db, scope: { studentId: number } | { examId: number }) {
  const numbered = db.selectFrom('recordings').select((eb) => [
    'id as recording_id',
    eb.fn
      .agg<number | string | bigint>('row_number')
      .over((ob) => ob.partitionBy(['student_id', 'exam_id']).orderBy('created_at').orderBy('id'))
      .as('attempt'),
  ]);
  return (
    'studentId' in scope
      ? numbered.where('student_id', '=', scope.studentId)
      : numbered.where('exam_id', '=', scope.examId)
  ).as('attempts');
}

/** The student's recordings, newest first (of one exam when given). */
export async function studentRecordingsPage(
  db: Db,
  studentId: number,
  q: SearchPageQuery,
  examId?: number,
): Promise<Page<RecordingSummaryRow>> {
  let matching = db
    .selectFrom('recordings')
    .where('student_id', '=', studentId)
    .where(searchMatches('recordings.search', q.search_string));
  if (examId !== undefined) matching = matching.where('exam_id', '=', examId);
  return selectPage(q, matching, (recordings) =>
    recordings
      .leftJoin('recording_grades', 'recording_grades.recording_id', 'recordings.id')
      .innerJoin(attemptNumbers(db, { studentId }), 'attempts.recording_id', 'recordings.id')
      .select(SUMMARY)
      .orderBy('recordings.created_at', 'desc')
      .orderBy('recordings.id', 'desc'),
  );
}

/** The exam's recordings, newest first (the teacher's exam page). */
export async function examRecordingsList(db: Db, examId: number): Promise<RecordingSummaryRow[]> {
  return db
    .selectFrom('recordings')
    .leftJoin('recording_grades', 'recording_grades.recording_id', 'recordings.id')
    .innerJoin(attemptNumbers(db, { examId }), 'attempts.recording_id', 'recordings.id')
    .select(SUMMARY)
    .where('recordings.exam_id', '=', examId)
    .orderBy('recordings.created_at', 'desc')
    .orderBy('recordings.id', 'desc')
    .execute();
}

/** The student's recordings in the teacher's exams, newest first. */
export async function teacherStudentRecordingsPage(
  db: Db,
  teacherId: number,
  studentId: number,
  q: SearchPageQuery,
): Promise<Page<RecordingSummaryRow>> {
  return selectPage(
    q,
    db
      .selectFrom('recordings')
      .innerJoin('exams', 'exams.id', 'recordings.exam_id')
      .where('exams.teacher_id', '=', teacherId)
      .where('recordings.student_id', '=', studentId)
      .where(searchMatches('recordings.search', q.search_string)),
    (recordings) =>
      recordings
        .leftJoin('recording_grades', 'recording_grades.recording_id', 'recordings.id')
        .innerJoin(attemptNumbers(db, { studentId }), 'attempts.recording_id', 'recordings.id')
        .select(SUMMARY)
        .orderBy('recordings.created_at', 'desc')
        .orderBy('recordings.id', 'desc'),
  );
}

// ---- changes ----

/** Flips the checked flag; answers the new value, or undefined when the row is gone. */
export async function toggleChecked(db: Db, id: number): Promise<boolean | undefined> {
  const row = await db
    .updateTable('recordings')
    .set((eb) => ({ checked: eb(eb.val(1), '-', eb.ref('checked')) }))
    .where('id', '=', id)
    .returning('checked')
    .executeTakeFirst();
  return row ? row.checked === 1 : undefined;
}

/** Deletes the recording (its comments and grade go by the foreign keys' cascade); answers the row so its stored object can go too. */
export async function deleteRecording(db: Db, id: number): Promise<RecordingRow | undefined> {
  return db.deleteFrom('recordings').where('id', '=', id).returningAll().executeTakeFirst();
}
