import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, TasksTable } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';
import { oneOf } from '../../lib/one-of';

export type TaskRow = Selectable<TasksTable>;

/** What a task's answer (`toTaskDtos`) is made of: all but its search key and times. */
export const TASK_DTO_COLUMNS = [
  'id',
  'teacher_id',
  'name',
  'text',
  'type',
  'duration',
  'preparation_duration',
  'criteria',
  'questions',
  'model_answer_file_id',
  'model_answer_text',
] as const;
export type TaskDtoRow = Pick<TaskRow, (typeof TASK_DTO_COLUMNS)[number]>;

export async function insertTask(db: Db, row: Insertable<TasksTable>): Promise<TaskRow> {
  return db.insertInto('tasks').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateTeacherTask(
  db: Db,
  teacherId: number,
  id: number,
  changes: Updateable<TasksTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('tasks')
    .set(changes)
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findTeacherTask(db: Db, teacherId: number, id: number): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
}

export async function findTasksByIds(db: Db, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
}

/** Which of these ids are the teacher's tasks. */
export async function findTeacherTaskIds(db: Db, teacherId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The teacher's tasks whose name matches the search, by name. */
export async function teacherTasksPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('tasks')
      .where('teacher_id', '=', teacherId)
      .where(searchMatches('search', q.search_string)),
    (tasks) => tasks.select(TASK_DTO_COLUMNS).orderBy('search').orderBy('id'),
  );
}

/** Replaces the task's files with these, in this order. */
export async function setTaskFiles(db: Db, taskId: number, fileIds: number[]): Promise<void> {
  await db.deleteFrom('task_files').where('task_id', '=', taskId).execute();
  if (fileIds.length === 0) return;
  await db
    .insertInto('task_files')
    .values(fileIds.map((file_id, position) => ({ task_id: taskId, file_id, position })))
    .execute();
}

/** The files of these tasks, each task's in its order. */
export async function filesOfTasks(db: Db, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('task_files')
    .innerJoin('files', 'files.id', 'task_files.file_id')
    .select(['task_files.task_id', 'files.id', 'files.name', 'files.mime'])
    .where(oneOf(db, 'task_files.task_id', taskIds))
    .orderBy('task_files.task_id')
    .orderBy('task_files.position')
    .execute();
}

/**
 * The teacher's tasks whose questions may name this file: a text match on the stored JSON (written
 * by JSON.stringify, so `"fileId":<id>` is exact), which the caller confirms by parsing.
 */
export async function teacherTasksMentioningFile(db: Db, teacherId: number, fileId: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'questions'])
    .where('teacher_id', '=', teacherId)
    .where('questions', 'like', `%"fileId":${fileId}%`)
    .execute();
}

/** The teacher's tasks whose model answer played this file keep their text, without audio. */
export async function clearModelAnswerFile(db: Db, teacherId: number, fileId: number): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ model_answer_file_id: null })
    .where('teacher_id', '=', teacherId)
    .where('model_answer_file_id', '=', fileId)
    .execute();
}

export async function setTaskQuestions(db: Db, taskId: number, questions: string): Promise<void> {
  await db.updateTable('tasks').set({ questions }).where('id', '=', taskId).execute();
}

/** Names of the variants that use the task, for the "still in use" answer. */
export async function variantNamesUsingTask(db: Db, taskId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('variant_tasks')
    .innerJoin('variants', 'variants.id', 'variant_tasks.variant_id')
    .select('variants.name')
    .distinct()
    .where('variant_tasks.task_id', '=', taskId)
    .orderBy('variants.name')
    .execute();
  return rows.map((r) => r.name);
}

export async function deleteTeacherTask(db: Db, teacherId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('tasks')
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
