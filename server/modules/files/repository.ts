import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { Insertable, Selectable } from 'kysely';
import type { Db, FilesTable } from '../../db/types';
import { searchMatches, selectPage } from '../../lib/paging';

export type FileRow = Selectable<FilesTable>;

/** Bytes the teacher's files take in storage. */
export async function teacherStorageUsed(db: Db, teacherId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('used'))
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function insertFile(db: Db, row: Insertable<FilesTable>): Promise<FileRow> {
  return db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findFileById(db: Db, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** These files, whoever's: their owner and type, for checks and task DTOs. */
export async function findFilesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('files').select(['id', 'teacher_id', 'name', 'mime']).where('id', 'in', ids).execute();
}

/** The teacher's files whose name matches the search, by name. */
export async function teacherFilesPage(db: Db, teacherId: number, q: SearchPageQuery) {
  return selectPage(
    q,
    db
      .selectFrom('files')
      .where('teacher_id', '=', teacherId)
      .where(searchMatches('search', q.search_string)),
    (files) => files.selectAll().orderBy('search').orderBy('id'),
  );
}

export async function renameTeacherFile(
  db: Db,
  teacherId: number,
  id: number,
  name: string,
  search: string,
): Promise<boolean> {
  const r = await db
    .updateTable('files')
    .set({ name, search })
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the row (its task links cascade) and answers it, so the stored object can go too. */
export async function deleteTeacherFile(db: Db, teacherId: number, id: number): Promise<FileRow | undefined> {
  return db
    .deleteFrom('files')
    .where('id', '=', id)
    .where('teacher_id', '=', teacherId)
    .returningAll()
    .executeTakeFirst();
}

/** Which of these ids are the teacher's files. */
export async function findTeacherFileIds(db: Db, teacherId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
