import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { startOfDayIso } from '../../server/lib/time';
import { expectError, expectMessage } from './helpers/expect-error';
import {
  as,
  createTestApp,
  DATABASES,
  login,
  loginAdmin,
  registerAndLogin,
  uniqueName,
  userFields,
  type Caller,
  type TestApp,
} from './helpers/test-app';
import { signAccessToken, TEST_JWT_SECRET } from './helpers/tokens';

type Area = { plural: 'students' | 'teachers'; singular: 'student' | 'teacher'; role: 'STUDENT' | 'TEACHER' };
const AREAS: Area[] = [
  { plural: 'students', singular: 'student', role: 'STUDENT' },
  { plural: 'teachers', singular: 'teacher', role: 'TEACHER' },
];

interface UserDto {
  id: number;
  username: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
}

describe.each(DATABASES)('admin on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let call: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp(kind, { JWT_SECRET: TEST_JWT_SECRET });
    admin = await loginAdmin(t.app);
    call = as(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (area: Area, body: Record<string, unknown>) =>
    call({ method: 'POST', url: `/api/admin/${area.singular}`, payload: body });
  const edit = (area: Area, body: Record<string, unknown>) =>
    call({ method: 'PATCH', url: `/api/admin/${area.singular}`, payload: body });
  const authenticate = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { username, password } });

  describe('who may call', () => {
    const routes: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', '/api/admin/metrics'],
      ['GET', '/api/admin/students?page_size=5&page_number=0'],
      ['GET', '/api/admin/students/search?page_size=5&page_number=0&search_string=a'],
      ['GET', '/api/admin/students/1'],
      ['POST', '/api/admin/student', userFields()],
      ['PATCH', '/api/admin/student', { ...userFields(), id: 1 }],
      ['GET', '/api/admin/teachers?page_size=5&page_number=0'],
      ['GET', '/api/admin/teachers/search?page_size=5&page_number=0&search_string=a'],
      ['GET', '/api/admin/teachers/1'],
      ['POST', '/api/admin/teacher', userFields()],
      ['PATCH', '/api/admin/teacher', { ...userFields(), id: 1 }],
      ['GET', '/api/admin/metrics/logins/1?page_size=5&page_number=0'],
      ['GET', '/api/admin/metrics/recoveries/1?page_size=5&page_number=0'],
    ];
    let teacher: Caller;
    let student: Caller;
    beforeAll(async () => {
      teacher = await registerAndLogin(t.app, 'teacher');
      student = await registerAndLogin(t.app, 'student');
    });

    it.each(routes)(
      '%s %s answers 401 without a token and with an expired one',
      async (method, url, payload) => {
        const opts = { method: method as InjectOptions['method'], url, payload };
        expectMessage(await t.app.inject(opts), 401, ERROR_TEXT.unauthorized);
        const expired = await signAccessToken(
          { sub: String(admin.id), role: 'ADMIN' },
          { expiresAt: Math.floor(Date.now() / 1000) - 60 },
        );
        expectMessage(await as(t.app, { token: expired })(opts), 401, ERROR_TEXT.unauthorized);
      },
    );

    it.each(routes)('%s %s answers 403 to a teacher and to a student', async (method, url, payload) => {
      const opts = { method: method as InjectOptions['method'], url, payload };
      expectMessage(await as(t.app, teacher)(opts), 403, ERROR_TEXT.forbidden);
      expectMessage(await as(t.app, student)(opts), 403, ERROR_TEXT.forbidden);
    });

    it('checks the token before the input: a bad body without a token answers 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/student', payload: '{bad json' });
      expectMessage(res, 401, ERROR_TEXT.unauthorized);
    });
  });

  describe('lists and search', () => {
    // A database of its own, so totals and order are exact.
    let l: TestApp;
    let lcall: ReturnType<typeof as>;
    const STUDENTS = [
      { surname: 'Яковлев', name: 'Олег', patronymic: 'Игоревич', username: 'yakovlev' },
      { surname: 'Ёлкин', name: 'Пётр', patronymic: '', username: 'yolkin' },
      { surname: 'Абрамов', name: 'Денис', patronymic: 'Олегович', username: 'abramov' },
      { surname: 'Белкин', name: 'Семён', patronymic: '', username: 'belkin' },
      { surname: 'Жуков', name: 'Глеб', patronymic: '', username: 'zhukov' },
      { surname: 'Елисеев', name: 'Марк', patronymic: '', username: 'eliseev' },
      { surname: 'Борисова', name: 'Дарья', patronymic: '', username: 'borisova' },
    ];
    const ORDER = ['Абрамов', 'Белкин', 'Борисова', 'Елисеев', 'Ёлкин', 'Жуков', 'Яковлев'];
    const TEACHERS = [
      { surname: 'Тимофеева', name: 'Анна', patronymic: '', username: 'timofeeva' },
      { surname: 'Ёжиков', name: 'Лев', patronymic: '', username: 'yozhikov' },
      { surname: 'Соколов', name: 'Ян', patronymic: '', username: 'sokolov' },
    ];
    let emptyStudents: unknown;
    let emptyTeachers: unknown;

    beforeAll(async () => {
      l = await createTestApp(kind);
      lcall = as(l.app, await loginAdmin(l.app));
      emptyStudents = (
        await lcall({ method: 'GET', url: '/api/admin/students?page_size=5&page_number=0' })
      ).json();
      emptyTeachers = (
        await lcall({ method: 'GET', url: '/api/admin/teachers?page_size=5&page_number=2' })
      ).json();
      for (const [singular, people] of [
        ['student', STUDENTS],
        ['teacher', TEACHERS],
      ] as const) {
        for (const p of people) {
          const res = await lcall({
            method: 'POST',
            url: `/api/admin/${singular}`,
            payload: { ...p, email: `${p.username}@school.ru`, password: 'Ustno-test-pass-1' },
          });
          expect(res.statusCode).toBe(200);
        }
      }
    });
    afterAll(async () => {
      await l.close();
    });

    const list = async (url: string) => {
      const res = await lcall({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { page: number; pages: number; students?: UserDto[]; teachers?: UserDto[] };
    };
    const surnames = (people: UserDto[] | undefined) => (people ?? []).map((p) => p.surname);

    it('answers pages 0 and an empty array when there is nobody, on any page', () => {
      expect(emptyStudents).toEqual({ page: 0, pages: 0, students: [] });
      expect(emptyTeachers).toEqual({ page: 2, pages: 0, teachers: [] });
    });

    it('orders by surname (ё as е) and pages with pages = ceil(total / page_size)', async () => {
      const p0 = await list('/api/admin/students?page_size=3&page_number=0');
      const p1 = await list('/api/admin/students?page_size=3&page_number=1');
      const p2 = await list('/api/admin/students?page_size=3&page_number=2');
      expect([p0.page, p0.pages, p1.page, p1.pages, p2.page, p2.pages]).toEqual([0, 3, 1, 3, 2, 3]);
      expect([...surnames(p0.students), ...surnames(p1.students), ...surnames(p2.students)]).toEqual(ORDER);
      expect(p2.students).toHaveLength(1);
      expect(await list('/api/admin/students?page_size=7&page_number=0')).toMatchObject({
        page: 0,
        pages: 1,
      });
      expect((await list('/api/admin/students?page_size=1&page_number=6')).pages).toBe(7);
      expect(surnames((await list('/api/admin/students?page_size=100&page_number=0')).students)).toEqual(
        ORDER,
      );
    });

    it('answers an empty array with the true pages past the end', async () => {
      expect(await list('/api/admin/students?page_size=3&page_number=3')).toEqual({
        page: 3,
        pages: 3,
        students: [],
      });
      expect(await list('/api/admin/students?page_size=100&page_number=1000000')).toEqual({
        page: 1000000,
        pages: 1,
        students: [],
      });
    });

    it('shows the list fields of each person and never a password', async () => {
      const { students } = await list('/api/admin/students?page_size=1&page_number=0');
      expect(students).toEqual([
        {
          id: expect.any(Number),
          username: 'abramov',
          email: 'abramov@school.ru',
          name: 'Денис',
          surname: 'Абрамов',
          patronymic: 'Олегович',
        },
      ]);
    });

    it('keeps students and teachers apart, and the admin out of both', async () => {
      const teachers = await list('/api/admin/teachers?page_size=100&page_number=0');
      expect(surnames(teachers.teachers)).toEqual(['Ёжиков', 'Соколов', 'Тимофеева']);
      expect(teachers.students).toBeUndefined();
      const everyone = [
        ...(teachers.teachers ?? []),
        ...((await list('/api/admin/students?page_size=100&page_number=0')).students ?? []),
      ];
      expect(everyone.map((p) => p.username)).not.toContain('admin');
    });

    it.each(['елк', 'ЁЛК', 'ёлк', 'Елк', '  елк  '])(
      'finds Ёлкин and Белкин by %j (case-insensitive, ё = е, trimmed)',
      async (term) => {
        const res = await list(
          `/api/admin/students/search?page_size=10&page_number=0&search_string=${encodeURIComponent(term)}`,
        );
        expect(surnames(res.students)).toEqual(['Белкин', 'Ёлкин']);
        expect(res.pages).toBe(1);
      },
    );

    it('searches name, surname, patronymic and username, and nothing else', async () => {
      const find = async (term: string) =>
        surnames(
          (
            await list(
              `/api/admin/students/search?page_size=10&page_number=0&search_string=${encodeURIComponent(term)}`,
            )
          ).students,
        );
      expect(await find('ПЕТР')).toEqual(['Ёлкин']);
      expect(await find('семен')).toEqual(['Белкин']);
      expect(await find('олег')).toEqual(['Абрамов', 'Яковлев']);
      expect(await find('ZHUK')).toEqual(['Жуков']);
      expect(await find('ёлкин пётр')).toEqual(['Ёлкин']);
      expect(await find('school.ru')).toEqual([]);
      expect(await find('%')).toEqual([]);
      expect(await find('_')).toEqual([]);
      expect(await find('\\')).toEqual([]);
      expect(await find('')).toEqual(ORDER);
      expect(
        surnames(
          (await list('/api/admin/teachers/search?page_size=10&page_number=0&search_string=ЕЖ')).teachers,
        ),
      ).toEqual(['Ёжиков']);
    });

    it('pages the search results the same way', async () => {
      // "ов" is in Абрамов, Борисова, Жуков, Яковлев, and in no name, patronymic or other username.
      const url = (n: number) => `/api/admin/students/search?page_size=3&page_number=${n}&search_string=ов`;
      const p0 = await list(url(0));
      const p1 = await list(url(1));
      expect([p0.pages, p1.pages]).toEqual([2, 2]);
      expect([...surnames(p0.students), ...surnames(p1.students)]).toEqual([
        'Абрамов',
        'Борисова',
        'Жуков',
        'Яковлев',
      ]);
      expect(await list(url(2))).toEqual({ page: 2, pages: 2, students: [] });
      expect(
        await list('/api/admin/students/search?page_size=3&page_number=0&search_string=нетникого'),
      ).toEqual({
        page: 0,
        pages: 0,
        students: [],
      });
    });

    it('treats a missing search_string on /search as no filter', async () => {
      expect(
        surnames((await list('/api/admin/students/search?page_size=10&page_number=0')).students),
      ).toEqual(ORDER);
    });
  });

  describe.each(AREAS)('the $plural area', (area) => {
    it(`creates a ${area.singular} who can log in with that role and is found in the list`, async () => {
      const fields = userFields({ surname: `Новиков${uniqueName('')}` });
      const res = await create(area, fields);
      expect(res.statusCode).toBe(200);
      const body: UserDto = res.json();
      expect(body).toEqual({
        id: expect.any(Number),
        username: fields.username,
        email: fields.email,
        name: fields.name,
        surname: fields.surname,
        patronymic: fields.patronymic,
      });
      expect(res.body).not.toContain(fields.password);
      const logged = await authenticate(fields.username, fields.password);
      expect(logged.json().role).toBe(area.role);
      const found = await call({
        method: 'GET',
        url: `/api/admin/${area.plural}/search?page_size=5&page_number=0&search_string=${encodeURIComponent(fields.surname)}`,
      });
      expect(found.json()[area.plural]).toEqual([body]);
    });

    it('ignores an id in the create body', async () => {
      const fields = userFields();
      const res = await create(area, { ...fields, id: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).not.toBe(1);
    });

    it('answers 409 with errors for a taken username, e-mail or both, whatever the case', async () => {
      const other = await registerAndLogin(t.app, area.singular === 'student' ? 'teacher' : 'student');
      const byName = await create(area, { ...userFields(), username: other.fields.username.toUpperCase() });
      expect(byName.statusCode).toBe(409);
      expect(byName.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken] });
      const byMail = await create(area, { ...userFields(), email: other.fields.email.toUpperCase() });
      expect(byMail.json()).toEqual({ errors: [ERROR_TEXT.emailTaken] });
      const both = await create(area, { ...other.fields });
      expect(both.statusCode).toBe(409);
      expect(both.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken, ERROR_TEXT.emailTaken] });
    });

    it.each<[string, Record<string, unknown>]>([
      ['no password', { password: undefined }],
      ['a short password', { password: '12345' }],
      ['a bad e-mail', { email: 'nope' }],
      ['an empty surname', { surname: '' }],
      ['a 10 000-character name', { name: 'а'.repeat(10_000) }],
    ])('refuses to create with %s (400)', async (_label, override) => {
      expectError(await create(area, { ...userFields(), ...override }), 400);
    });

    it('reads one by id; another role, the admin and an unknown id answer 404', async () => {
      const created: UserDto = (await create(area, userFields())).json();
      const res = await call({ method: 'GET', url: `/api/admin/${area.plural}/${created.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
      const other = await registerAndLogin(t.app, area.singular === 'student' ? 'teacher' : 'student');
      for (const id of [other.id, admin.id, 999_999]) {
        expectMessage(
          await call({ method: 'GET', url: `/api/admin/${area.plural}/${id}` }),
          404,
          ERROR_TEXT.userNotFound,
        );
      }
    });

    it('edits without a password (missing, empty or null) and keeps the old one', async () => {
      const fields = userFields();
      const created: UserDto = (await create(area, fields)).json();
      for (const password of [undefined, '', null]) {
        const changed = { ...fields, surname: `Изменён${uniqueName('')}`, name: 'Новое', password };
        const res = await edit(area, { ...changed, id: created.id });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: created.id, surname: changed.surname, name: 'Новое' });
        expect((await authenticate(fields.username, fields.password)).statusCode).toBe(200);
      }
      const read = await call({ method: 'GET', url: `/api/admin/${area.plural}/${created.id}` });
      expect(read.json().name).toBe('Новое');
    });

    it('edits with a password: the new one works, the old one does not', async () => {
      const fields = userFields();
      const created: UserDto = (await create(area, fields)).json();
      const res = await edit(area, { ...fields, id: created.id, password: 'replaced-pass' });
      expect(res.statusCode).toBe(200);
      expectMessage(await authenticate(fields.username, fields.password), 403, ERROR_TEXT.wrongCredentials);
      expect((await authenticate(fields.username, 'replaced-pass')).statusCode).toBe(200);
    });

    it('updates what search and login see: new username, new surname', async () => {
      const fields = userFields({ surname: `Старов${uniqueName('')}` });
      const created: UserDto = (await create(area, fields)).json();
      const username = uniqueName('renamed');
      const surname = `Новогодин${uniqueName('')}`;
      expect((await edit(area, { ...fields, id: created.id, username, surname })).statusCode).toBe(200);
      const search = (term: string) =>
        call({
          method: 'GET',
          url: `/api/admin/${area.plural}/search?page_size=5&page_number=0&search_string=${encodeURIComponent(term)}`,
        }).then((r) => r.json()[area.plural] as UserDto[]);
      expect((await search(surname)).map((u) => u.id)).toEqual([created.id]);
      expect(await search(fields.surname)).toEqual([]);
      expect((await authenticate(username, fields.password)).statusCode).toBe(200);
      expectMessage(await authenticate(fields.username, fields.password), 403, ERROR_TEXT.wrongCredentials);
    });

    it('lets an account keep its own username and e-mail in another case, not take another one', async () => {
      const fields = userFields();
      const created: UserDto = (await create(area, fields)).json();
      const same = await edit(area, {
        ...fields,
        id: created.id,
        username: fields.username.toUpperCase(),
        email: fields.email.toUpperCase(),
      });
      expect(same.statusCode).toBe(200);
      expect(same.json().username).toBe(fields.username.toUpperCase());
      const other = await registerAndLogin(t.app, 'student');
      const taken = await edit(area, {
        ...fields,
        id: created.id,
        username: other.fields.username,
        email: other.fields.email,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken, ERROR_TEXT.emailTaken] });
    });

    it('answers 404 to an edit of another role, of the admin or of an unknown id', async () => {
      const other = await registerAndLogin(t.app, area.singular === 'student' ? 'teacher' : 'student');
      for (const id of [other.id, admin.id, 999_999]) {
        const res = await edit(area, { ...userFields(), id });
        expectMessage(res, 404, ERROR_TEXT.userNotFound);
      }
      // Nothing changed: the other account still logs in with its own name.
      expect((await login(t.app, other.fields.username, other.fields.password)).id).toBe(other.id);
    });

    it.each<[string, unknown]>([
      ['a missing id', undefined],
      ['id 0', 0],
      ['a negative id', -3],
      ['a fractional id', 1.5],
      ['a non-numeric id', 'abc'],
      ['an id past the integer range', 2 ** 31],
    ])('refuses an edit with %s (400)', async (_label, id) => {
      expectError(await edit(area, { ...userFields(), id }), 400);
    });

    it('refuses an edit with a short password (400) and changes nothing', async () => {
      const fields = userFields();
      const created: UserDto = (await create(area, fields)).json();
      expectError(await edit(area, { ...fields, id: created.id, password: '123', surname: 'Другая' }), 400);
      const read = await call({ method: 'GET', url: `/api/admin/${area.plural}/${created.id}` });
      expect(read.json().surname).toBe(fields.surname);
    });
  });

  describe('metrics', () => {
    it('counts accounts by role and the successful logins of today', async () => {
      const before = (await call({ method: 'GET', url: '/api/admin/metrics' })).json();
      expect(before).toEqual({
        logins: expect.any(Number),
        accounts: expect.any(Number),
        teachers: expect.any(Number),
        students: expect.any(Number),
      });
      const teacher = await registerAndLogin(t.app, 'teacher'); // one login
      const fields = userFields();
      expect((await create(AREAS[0], fields)).statusCode).toBe(200);
      await login(t.app, fields.username, fields.password);
      await login(t.app, teacher.fields.username, teacher.fields.password);
      expect((await authenticate(fields.username, 'wrong-password')).statusCode).toBe(403);
      const after = (await call({ method: 'GET', url: '/api/admin/metrics' })).json();
      expect(after).toEqual({
        logins: before.logins + 3,
        accounts: before.accounts + 2,
        teachers: before.teachers + 1,
        students: before.students + 1,
      });
      expect(after.accounts).toBeGreaterThanOrEqual(after.teachers + after.students + 1);
    });

    it('counts today from midnight in APP_TIMEZONE', async () => {
      const student = await registerAndLogin(t.app, 'student');
      const midnight = startOfDayIso(t.config.timezone);
      const before = (await call({ method: 'GET', url: '/api/admin/metrics' })).json().logins;
      await t.app.ctx.db
        .insertInto('login_events')
        .values([
          { user_id: student.id, address: null, created_at: midnight },
          {
            user_id: student.id,
            address: null,
            created_at: new Date(Date.parse(midnight) - 1).toISOString(),
          },
        ])
        .execute();
      const after = (await call({ method: 'GET', url: '/api/admin/metrics' })).json().logins;
      expect(after).toBe(before + 1);
    });
  });

  describe('login history', () => {
    it('lists one account’s successful logins, newest first, paged', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await authenticate(s.fields.username, 'wrong-password');
      await login(t.app, s.fields.username, s.fields.password);
      await login(t.app, s.fields.username, s.fields.password);
      await registerAndLogin(t.app, 'student'); // someone else's login
      const url = (size: number, n: number) =>
        `/api/admin/metrics/logins/${s.id}?page_size=${size}&page_number=${n}`;
      const all = (await call({ method: 'GET', url: url(10, 0) })).json();
      expect(all.page).toBe(0);
      expect(all.pages).toBe(1);
      expect(all.logins).toHaveLength(3);
      const ids = all.logins.map((e: { id: number }) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const dates = all.logins.map((e: { date: string }) => Date.parse(e.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      for (const e of all.logins) {
        expect(Object.keys(e).sort()).toEqual(['date', 'id']);
        expect(e.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(Math.abs(Date.now() - Date.parse(e.date))).toBeLessThan(60_000);
      }
      const p0 = (await call({ method: 'GET', url: url(2, 0) })).json();
      const p1 = (await call({ method: 'GET', url: url(2, 1) })).json();
      expect([p0.pages, p1.pages]).toEqual([2, 2]);
      expect([...p0.logins, ...p1.logins]).toEqual(all.logins);
      expect((await call({ method: 'GET', url: url(2, 5) })).json()).toEqual({
        page: 5,
        pages: 2,
        logins: [],
      });
    });

    it('puts an older login after a newer one whatever the insertion order', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      await t.app.ctx.db
        .insertInto('login_events')
        .values({ user_id: s.id, address: null, created_at: '2020-01-02T03:04:05.000Z' })
        .execute();
      const res = await call({
        method: 'GET',
        url: `/api/admin/metrics/logins/${s.id}?page_size=5&page_number=0`,
      });
      const dates = res.json().logins.map((e: { date: string }) => e.date);
      expect(dates).toHaveLength(2);
      expect(dates[1]).toBe('2020-01-02T03:04:05.000Z');
    });

    it('answers an empty page for an account that never logged in', async () => {
      const created: UserDto = (await create(AREAS[1], userFields())).json();
      const res = await call({
        method: 'GET',
        url: `/api/admin/metrics/logins/${created.id}?page_size=5&page_number=0`,
      });
      expect(res.json()).toEqual({ page: 0, pages: 0, logins: [] });
    });

    it.each(['logins', 'recoveries'])(
      'answers 404 for the admin and for an unknown id (%s)',
      async (kindOfList) => {
        // The admin's own rows exist (a login, a recovery asked): still not a list the admin manages.
        const now = new Date().toISOString();
        await t.app.ctx.db
          .insertInto('recovery_attempts')
          .values({ user_id: admin.id, token_hash: `admin-${kindOfList}`, created_at: now, expires_at: now })
          .execute();
        for (const id of [admin.id, 999_999]) {
          const res = await call({
            method: 'GET',
            url: `/api/admin/metrics/${kindOfList}/${id}?page_size=5&page_number=0`,
          });
          expectMessage(res, 404, ERROR_TEXT.userNotFound);
        }
      },
    );
  });

  describe('recovery history', () => {
    it('lists the attempts newest first with their flags and dates', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const recover = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: s.fields.email } });
      await recover();
      await recover();
      await t.app.ctx.background.drain();
      const older = await t.app.ctx.db
        .selectFrom('recovery_attempts')
        .select('id')
        .where('user_id', '=', s.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.app.ctx.db
        .updateTable('recovery_attempts')
        .set({
          created_at: '2020-01-01T00:00:00.000Z',
          expires_at: '2020-01-01T00:30:00.000Z',
          completed_at: null,
        })
        .where('id', '=', older.id)
        .execute();
      const res = await call({
        method: 'GET',
        url: `/api/admin/metrics/recoveries/${s.id}?page_size=1&page_number=0`,
      });
      expect(res.json()).toMatchObject({ page: 0, pages: 2 });
      const [newest] = res.json().attempts;
      expect(newest).toEqual({
        id: expect.any(Number),
        delivered: true,
        completed: false,
        create_date: expect.stringMatching(/Z$/),
        expire_date: expect.stringMatching(/Z$/),
      });
      const next = await call({
        method: 'GET',
        url: `/api/admin/metrics/recoveries/${s.id}?page_size=1&page_number=1`,
      });
      expect(next.json().attempts).toEqual([
        {
          id: older.id,
          delivered: true,
          completed: false,
          create_date: '2020-01-01T00:00:00.000Z',
          expire_date: '2020-01-01T00:30:00.000Z',
        },
      ]);
    });

    it('answers an empty page for a teacher who never asked', async () => {
      const teacher = await registerAndLogin(t.app, 'teacher');
      const res = await call({
        method: 'GET',
        url: `/api/admin/metrics/recoveries/${teacher.id}?page_size=5&page_number=0`,
      });
      expect(res.json()).toEqual({ page: 0, pages: 0, attempts: [] });
    });
  });
});
