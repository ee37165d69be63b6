import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, VariantsTable } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

export type VariantRow = Selectable<VariantsTable>;

export async function insertVariant(db: Db, row: Insertable<VariantsTable>): Promise<VariantRow> {
  return db.insertInto('variants').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateTeacherVariant(
  db: Db,
  teacherId: number,
  id: number,
  changes: Updateable<VariantsTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('variants')
    .set(changes)
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findTeacherVariant(
  db: Db,
  teacherId: number,
  id: number,
): Promise<VariantRow | undefined> {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
}

/** Which of these ids are the teacher's variants. */
export async function findTeacherVariantIds(db: Db, teacherId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('variants')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The teacher's variants whose name matches the search, by name. */
export async function teacherVariantsPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('variants')
      .where('teacher_id', '=', teacherId)
      .where(searchMatches('search', q.search_string)),
    (variants) => variants.select(['id', 'name']).orderBy('search').orderBy('id'),
  );
}

/** Replaces the variant's tasks with these, sequence numbers from zero. */
export async function setVariantTasks(db: Db, variantId: number, taskIds: number[]): Promise<void> {
  await db.deleteFrom('variant_tasks').where('variant_id', '=', variantId).execute();
  if (taskIds.length === 0) return;
  await db
    .insertInto('variant_tasks')
    .values(taskIds.map((task_id, sequence_number) => ({ variant_id: variantId, task_id, sequence_number })))
    .execute();
}

export async function variantTaskRows(db: Db, variantId: number) {
  return db
    .selectFrom('variant_tasks')
    .select(['id', 'task_id', 'sequence_number'])
    .where('variant_id', '=', variantId)
    .orderBy('sequence_number')
    .execute();
}

/** Names of the exams that use the variant, for the "still in use" answer. */
export async function examNamesUsingVariant(db: Db, variantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('exam_variants')
    .innerJoin('exams', 'exams.id', 'exam_variants.exam_id')
    .select('exams.name')
    .distinct()
    .where('exam_variants.variant_id', '=', variantId)
    .orderBy('exams.name')
    .execute();
  return rows.map((r) => r.name);
}

export async function deleteTeacherVariant(db: Db, teacherId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('variants')
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
