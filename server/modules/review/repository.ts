import type { PageQuery } from '../../../src/shared/contract/common';
import { type Insertable, PostgresAdapter, type Selectable } from 'kysely';
import type { CommentsTable, CommentVoicesTable, Db } from '../../db/types';
import { selectPage } from '../../lib/paging';

// The review's own reads and writes: comments (their tombstones and voices), the exam's
// statistics, and what the exports (exam.zip, scores.csv) read.

export type CommentRow = Selectable<CommentsTable>;
export type CommentVoiceRow = Selectable<CommentVoicesTable>;

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

// ---- voices ----

/** The voices of these comments (absent: none), in one query. */
export async function voicesOfComments(db: Db, commentIds: number[]): Promise<Map<number, CommentVoiceRow>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comment_voices')
    .selectAll()
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Map(rows.map((v) => [v.comment_id, v]));
}

export async function findVoiceById(db: Db, id: number): Promise<CommentVoiceRow | undefined> {
  return db.selectFrom('comment_voices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A comment on a recording of one of the teacher's exams, its row locked on PostgreSQL until the
 * transaction ends (SQLite has one writer anyway): two voices written at once for one comment
 * replace each other in turn, and a delete of the comment waits or is seen.
 */
export async function lockTeacherComment(
  db: Db,
  teacherId: number,
  id: number,
): Promise<CommentRow | undefined> {
  const query = db
    .selectFrom('comments')
    .innerJoin('recordings', 'recordings.id', 'comments.recording_id')
    .innerJoin('exams', 'exams.id', 'recordings.exam_id')
    .selectAll('comments')
    .where('comments.id', '=', id)
    .where('exams.teacher_id', '=', teacherId);
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (isPostgres ? query.forUpdate('comments') : query).executeTakeFirst();
}

/** Removes the comment's voice row; answers it (undefined when it had none). */
export async function deleteCommentVoice(db: Db, commentId: number): Promise<CommentVoiceRow | undefined> {
  return db
    .deleteFrom('comment_voices')
    .where('comment_id', '=', commentId)
    .returningAll()
    .executeTakeFirst();
}

export async function insertCommentVoice(
  db: Db,
  row: Insertable<CommentVoicesTable>,
): Promise<CommentVoiceRow> {
  return db.insertInto('comment_voices').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The stored objects of voices a delete is about to take with it (their rows cascade). */
export async function voiceKeys(
  db: Db,
  scope: { commentId: number } | { recordingId: number } | { examId: number },
): Promise<string[]> {
  const comments = db.selectFrom('comments').select('comments.id');
  const scoped =
    'commentId' in scope
      ? comments.where('comments.id', '=', scope.commentId)
      : 'recordingId' in scope
        ? comments.where('comments.recording_id', '=', scope.recordingId)
        : comments.where(
            'comments.recording_id',
            'in',
            db
              .selectFrom('recordings')
              .select('recordings.id')
              .where('recordings.exam_id', '=', scope.examId),
          );
  const rows = await db
    .selectFrom('comment_voices')
    .select('voice_key')
    .where('comment_id', 'in', scoped)
    .execute();
  return rows.map((r) => r.voice_key);
}

// ---- exam.zip ----

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

/**
 * One row per assigned student, by surname (the page's students' recordings are read beside
 * it for their grades and states, see `statistics`).
 */
export async function examStatisticsPage(db: Db, teacherId: number, examId: number, q: PageQuery) {
  return selectPage(
    q,
    // Only the teacher's exam has rows here: the exam's check and the page in one statement.
    db
      .selectFrom('exam_students')
      .innerJoin('exams', 'exams.id', 'exam_students.exam_id')
      .where('exam_students.exam_id', '=', examId)
      .where('exams.teacher_id', '=', teacherId),
    (students) =>
      students
        .innerJoin('users', 'users.id', 'exam_students.student_id')
        .select(['users.id', 'users.surname', 'users.name'])
        // The folded search column starts with surname, then name: the same order on both databases.
        .orderBy('users.search')
        .orderBy('users.id'),
  );
}

// ---- the gradebook ----

/** The exam's assigned students by surname, a batch at a time (for the CSV). */
export async function examStudentsBatch(db: Db, examId: number, offset: number, limit: number) {
  return db
    .selectFrom('exam_students')
    .innerJoin('users', 'users.id', 'exam_students.student_id')
    .select(['users.id', 'users.surname', 'users.name', 'users.patronymic', 'users.username'])
    .where('exam_students.exam_id', '=', examId)
    .orderBy('users.search')
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The most tasks of any variant the exam offers or its recordings were made of. */
export async function examTaskColumns(db: Db, examId: number): Promise<number> {
  const rows = await db
    .selectFrom('variant_tasks')
    .select((eb) => ['variant_id', eb.fn.countAll<number | string>().as('n')])
    .where((eb) =>
      eb.or([
        eb(
          'variant_id',
          'in',
          eb.selectFrom('exam_variants').select('variant_id').where('exam_id', '=', examId),
        ),
        eb(
          'variant_id',
          'in',
          eb
            .selectFrom('recordings')
            .select('variant_id')
            .where('exam_id', '=', examId)
            .where('variant_id', 'is not', null)
            .$narrowType<{ variant_id: number }>(),
        ),
      ]),
    )
    .groupBy('variant_id')
    .execute();
  return rows.reduce((most, r) => Math.max(most, Number(r.n)), 0);
}
