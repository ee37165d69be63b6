import type { PageQuery, SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable } from 'kysely';
import type { CommentsTable, Db, RecordingsTable } from '../../db/types';
import { searchMatches, selectPage, type Page } from '../../lib/paging';

export type RecordingRow = Selectable<RecordingsTable>;
export type CommentRow = Selectable<CommentsTable>;

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
}

/** What a list row shows of a recording; the query must left-join its grade. */
export const SUMMARY = [
  'recordings.id',
  'recordings.name',
  'recordings.created_at',
  'recordings.checked',
  'recording_grades.total',
  'recording_grades.max_total',
  'recording_grades.graded_at',
  'recordings.interrupted',
  'recordings.late',
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
      .select(SUMMARY)
      .orderBy('recordings.created_at', 'desc')
      .orderBy('recordings.id', 'desc'),
  );
}

export interface ZipEntryRow {
  id: number;
  storage_key: string;
  mime: string;
  created_at: string;
  surname: string;
  name: string;
}

/** What the exam's zip needs of each recording, oldest first (the archive reads like a log). */
export async function listExamRecordingsForZip(db: Db, examId: number): Promise<ZipEntryRow[]> {
  return db
    .selectFrom('recordings')
    .innerJoin('users', 'users.id', 'recordings.student_id')
    .select([
      'recordings.id',
      'recordings.storage_key',
      'recordings.mime',
      'recordings.created_at',
      'users.surname',
      'users.name',
    ])
    .where('recordings.exam_id', '=', examId)
    .orderBy('recordings.created_at')
    .orderBy('recordings.id')
    .execute();
}

// ---- statistics ----

/** One row per assigned student, by surname: the latest upload for the exam, or null. */
export async function examStatisticsPage(db: Db, examId: number, q: PageQuery) {
  return selectPage(
    q,
    db.selectFrom('exam_students').where('exam_students.exam_id', '=', examId),
    (students) =>
      students
        .innerJoin('users', 'users.id', 'exam_students.student_id')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('recordings')
              .select(['student_id', (e) => e.fn.max('created_at').as('last_at')])
              .where('exam_id', '=', examId)
              .groupBy('student_id')
              .as('latest'),
          (join) => join.onRef('latest.student_id', '=', 'exam_students.student_id'),
        )
        .select(['users.id', 'users.surname', 'users.name', 'latest.last_at'])
        // The folded search column starts with surname, then name: the same order on both databases.
        .orderBy('users.search')
        .orderBy('users.id'),
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

// ---- comments ----

export async function listComments(db: Db, recordingId: number): Promise<CommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('recording_id', '=', recordingId)
    .orderBy('start_seconds')
    .orderBy('end_seconds')
    .orderBy('id')
    .execute();
}

export function toCommentDto(c: CommentRow) {
  return { id: c.id, start: c.start_seconds, end: c.end_seconds, comment: c.text };
}

export async function insertComment(db: Db, row: Insertable<CommentsTable>): Promise<CommentRow> {
  return db.insertInto('comments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findCommentByClientId(db: Db, clientId: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** A comment on a recording of one of the teacher's exams, with that recording's duration. */
export async function findTeacherComment(db: Db, teacherId: number, id: number) {
  return db
    .selectFrom('comments')
    .innerJoin('recordings', 'recordings.id', 'comments.recording_id')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .selectAll('comments')
    .select('recordings.duration')
    .where('comments.id', '=', id)
    .where('exams.teacher_id', '=', teacherId)
    .executeTakeFirst();
}

/**
 * Applies an edit unless the comment holds one made later (`edited_at`), in one statement so
 * that two edits racing apply in their order; answers the edited row, or undefined when the
 * edit was older (or the comment is gone).
 */
export async function updateCommentUnlessNewer(
  db: Db,
  id: number,
  changes: {
    start_seconds: number;
    end_seconds: number;
    text: string;
    updated_at: string;
    edited_at: string;
  },
): Promise<CommentRow | undefined> {
  return db
    .updateTable('comments')
    .set(changes)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('edited_at', 'is', null), eb('edited_at', '<=', changes.edited_at)]))
    .returningAll()
    .executeTakeFirst();
}

export async function findCommentById(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the comment; answers the row deleted (undefined when it was gone already). */
export async function deleteComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.deleteFrom('comments').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Keeps a deleted comment's clientId, so that a replayed create of it does not bring it back. */
export async function insertCommentTombstone(
  db: Db,
  row: { client_id: string; recording_id: number; author_id: number; deleted_at: string },
): Promise<void> {
  await db
    .insertInto('comment_tombstones')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
}

export async function findCommentTombstone(db: Db, clientId: string) {
  return db.selectFrom('comment_tombstones').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}
