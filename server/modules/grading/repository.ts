import type { Insertable, Selectable } from 'kysely';
import type { Db, RecordingGradesTable } from '../../db/types';
import { oneOf } from '../../lib/one-of';

export type GradeRow = Selectable<RecordingGradesTable>;

export async function findGrade(db: Db, recordingId: number): Promise<GradeRow | undefined> {
  return db
    .selectFrom('recording_grades')
    .selectAll()
    .where('recording_id', '=', recordingId)
    .executeTakeFirst();
}

/**
 * Stores the grade unless the stored one was made later (`edited_at`), in one statement so two
 * replays racing cannot both win; answers whether this one was stored.
 */
export async function saveGradeUnlessNewer(db: Db, row: Insertable<RecordingGradesTable>): Promise<boolean> {
  const { recording_id: _id, ...changes } = row;
  const r = await db
    .insertInto('recording_grades')
    .values(row)
    .onConflict((oc) =>
      oc.column('recording_id').doUpdateSet(changes).where('recording_grades.edited_at', '<=', row.edited_at),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function markChecked(db: Db, recordingId: number): Promise<void> {
  await db.updateTable('recordings').set({ checked: 1 }).where('id', '=', recordingId).execute();
}

/** The variant's tasks in order, with their names and criteria (JSON). */
export async function variantTasksWithCriteria(db: Db, variantId: number) {
  return db
    .selectFrom('variant_tasks')
    .innerJoin('tasks', 'tasks.id', 'variant_tasks.task_id')
    .select(['tasks.id', 'tasks.name', 'tasks.criteria'])
    .where('variant_tasks.variant_id', '=', variantId)
    .orderBy('variant_tasks.sequence_number')
    .execute();
}

/** A recording as its student's latest grade is read from: its time, grade and flags. */
export interface GradedRecordingRow {
  id: number;
  student_id: number;
  created_at: string;
  scores: string | null;
  total: number | null;
  max_total: number | null;
  graded_at: string | null;
  after_close: number;
  over_attempts: number;
}

/** These students' recordings of the exam with their grades and flags: one query. */
export async function gradedRecordingsOf(
  db: Db,
  examId: number,
  studentIds: number[],
): Promise<GradedRecordingRow[]> {
  if (studentIds.length === 0) return [];
  return db
    .selectFrom('recordings')
    .leftJoin('recording_grades', 'recording_grades.recording_id', 'recordings.id')
    .select([
      'recordings.id',
      'recordings.student_id',
      'recordings.created_at',
      'recording_grades.scores',
      'recording_grades.total',
      'recording_grades.max_total',
      'recording_grades.graded_at',
      'recordings.after_close',
      'recordings.over_attempts',
    ])
    .where('recordings.exam_id', '=', examId)
    .where(oneOf(db, 'recordings.student_id', studentIds))
    .execute();
}
