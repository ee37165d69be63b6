import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connect';
import type { Db } from '../../server/db/types';
import { selectPage } from '../../server/lib/paging';
import { nowIso } from '../../server/lib/time';
import { profileColumns } from '../../server/modules/users/repository';
import { searchColumn } from '@/shared/search-text';
import { createTestApp, DATABASES, userFields, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('selectPage on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let teacherId: number;
  let emptyTeacherId: number;

  const addTeacher = async () => {
    const now = nowIso();
    const row = await db
      .insertInto('users')
      .values({
        role: 'TEACHER',
        ...profileColumns(userFields()),
        password_hash: 'not-a-hash',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const examsPage = (owner: number, page_size: number, page_number: number) =>
    selectPage({ page_size, page_number }, db.selectFrom('exams').where('teacher_id', '=', owner), (exams) =>
      exams.select(['id', 'name']).orderBy('search').orderBy('id'),
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.app.ctx.db;
    teacherId = await addTeacher();
    emptyTeacherId = await addTeacher();
    const now = nowIso();
    await db
      .insertInto('exams')
      .values(
        ['Экзамен В', 'Экзамен А', 'Экзамен Б'].map((name) => ({
          teacher_id: teacherId,
          name,
          search: searchColumn(name),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a page and the true page count, its rows carrying only what they select', async () => {
    const first = await examsPage(teacherId, 2, 0);
    expect(first.pages).toBe(2);
    expect(first.items.map((e) => e.name)).toEqual(['Экзамен А', 'Экзамен Б']);
    for (const item of first.items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    const second = await examsPage(teacherId, 2, 1);
    expect(second).toMatchObject({ page: 1, pages: 2 });
    expect(second.items.map((e) => e.name)).toEqual(['Экзамен В']);
  });

  it('answers no rows with the true page count past the end, and 0 pages for an empty list', async () => {
    expect(await examsPage(teacherId, 2, 2)).toEqual({ page: 2, pages: 2, items: [] });
    expect(await examsPage(teacherId, 1, 7)).toEqual({ page: 7, pages: 3, items: [] });
    expect(await examsPage(emptyTeacherId, 20, 0)).toEqual({ page: 0, pages: 0, items: [] });
    expect(await examsPage(emptyTeacherId, 20, 3)).toEqual({ page: 3, pages: 0, items: [] });
  });

  it('keeps only the ids of a versioned page whose rows read other tables: those are read each time', async () => {
    const teachers = () =>
      selectPage(
        { page_size: 5, page_number: 0 },
        db.selectFrom('users').where('role', '=', 'TEACHER').where('id', '=', teacherId),
        (users) =>
          users
            .select(['users.id'])
            .select((eb) =>
              eb
                .selectFrom('exams')
                .select((e) => e.fn.countAll<number | string>().as('n'))
                .whereRef('exams.teacher_id', '=', 'users.id')
                .as('exams'),
            )
            .orderBy('users.search')
            .orderBy('users.id'),
        {
          versioned: { db, table: 'users' },
          pageIds: { id: 'users.id', order: (users) => users.orderBy('users.search').orderBy('users.id') },
        },
      );
    expect((await teachers()).items.map((r) => Number(r.exams))).toEqual([3]);
    const now = nowIso();
    await db
      .insertInto('exams')
      .values({
        teacher_id: teacherId,
        name: 'Экзамен Г',
        search: searchColumn('Экзамен Г'),
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await teachers()).toMatchObject({ pages: 1, items: [{ id: teacherId }] });
    expect((await teachers()).items.map((r) => Number(r.exams))).toEqual([4]);
  });

  it('keeps the pages of a versioned list only while its table is unchanged, whoever writes', async () => {
    const students = (page_number: number) =>
      selectPage(
        { page_size: 1, page_number },
        db.selectFrom('users').where('role', '=', 'TEACHER'),
        (users) => users.select(['id', 'surname']).orderBy('search').orderBy('id'),
        {
          versioned: { db, table: 'users', keepRows: true },
          pageIds: { id: 'users.id', order: (users) => users.orderBy('users.search').orderBy('users.id') },
        },
      );
    const before = await students(0);
    expect(await students(0)).toEqual(before);
    // Another instance: its own connection, none of this server's memory.
    const other = createDatabase(t.config);
    try {
      await other
        .updateTable('users')
        .set({ surname: 'Аааев', search: searchColumn('Аааев') })
        .where('id', '=', emptyTeacherId)
        .execute();
      const after = await students(0);
      expect(after.pages).toBe(before.pages);
      expect(after.items).toEqual([{ id: emptyTeacherId, surname: 'Аааев' }]);
      await other.deleteFrom('users').where('id', '=', emptyTeacherId).execute();
      const gone = await students(0);
      expect(gone.pages).toBe(before.pages - 1);
      expect(gone.items).not.toContainEqual({ id: emptyTeacherId, surname: 'Аааев' });
    } finally {
      await other.destroy();
    }
  });
});
