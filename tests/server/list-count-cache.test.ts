import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/connect';
import { profileColumns } from '../../server/modules/users/repository';
import { nowIso } from '../../server/lib/time';
import { as, createTestApp, DATABASES, loginAdmin, userFields, type TestApp } from './helpers/test-app';
import { TEST_JWT_SECRET } from './helpers/tokens';

interface PageDto {
  page: number;
  pages: number;
  students: Array<{ id: number; surname: string }>;
}

describe.each(DATABASES)('long lists keep their counts only while the table is unchanged, on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp(kind, { JWT_SECRET: TEST_JWT_SECRET });
    call = as(t.app, await loginAdmin(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (url: string) => {
    const res = await call({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<PageDto>();
  };

  it('sees students written through the API and by another server on the same database', async () => {
    const list = '/api/admin/students?page_size=1&page_number=0';
    const search = '/api/admin/students/search?page_size=1&page_number=0&search_string=ЁЛКИН';
    const before = await page(list);
    const beforeSearch = await page(search);
    expect(await page(list)).toEqual(before);

    const created = await call({
      method: 'POST',
      url: '/api/admin/student',
      payload: userFields({ surname: 'Ёлкин' }),
    });
    expect(created.statusCode).toBe(200);
    expect((await page(list)).pages).toBe(before.pages + 1);
    expect((await page(search)).pages).toBe(beforeSearch.pages + 1);

    // Another instance: its own connection, none of this server's memory.
    const other = createDatabase(t.config);
    try {
      const fields = userFields({ surname: 'Елкин' });
      const now = nowIso();
      await other
        .insertInto('users')
        .values({
          role: 'STUDENT',
          ...profileColumns(fields),
          password_hash: 'not-a-hash',
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect((await page(list)).pages).toBe(before.pages + 2);
      expect((await page(search)).pages).toBe(beforeSearch.pages + 2);

      await other.deleteFrom('users').where('username', '=', fields.username).execute();
      expect((await page(list)).pages).toBe(before.pages + 1);
      expect((await page(search)).pages).toBe(beforeSearch.pages + 1);
    } finally {
      await other.destroy();
    }
  });

  it('reads a deep page in list order', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await call({
        method: 'POST',
        url: '/api/admin/student',
        payload: userFields({ surname: `Я${i}` }),
      });
      expect(res.statusCode).toBe(200);
    }
    const all = await page('/api/admin/students?page_size=100&page_number=0');
    const last = await page(`/api/admin/students?page_size=1&page_number=${all.students.length - 1}`);
    expect(last.students).toEqual([all.students.at(-1)]);
    const second = await page('/api/admin/students?page_size=2&page_number=1');
    expect(second.students).toEqual(all.students.slice(2, 4));
  });
});
