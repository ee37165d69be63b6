import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import { callerFor, createTestApp, DATABASES, registerAndLogin, type TestApp } from './helpers/test-app';

const GLOBAL_SEARCH_PER_HOUR = 5;

describe.each(DATABASES)('the student directory on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { GLOBAL_SEARCH_PER_HOUR: String(GLOBAL_SEARCH_PER_HOUR) });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);

  it('ASVS 8.2.3 / 14.2.6: the global list answers names and the login only, never the e-mail', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const marker = `Каталог${Date.now().toString(36)}`;
    const student = await registerAndLogin(t.app, 'student', { surname: marker });
    const res = await call(
      teacher,
      'GET',
      `/api/teacher/students/global/search?page_size=20&page_number=0&search_string=${encodeURIComponent(marker)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().students).toEqual([
      {
        id: student.id,
        username: student.fields.username,
        name: 'Иван',
        surname: marker,
        patronymic: 'Сергеевич',
        link_status: 'none',
      },
    ]);
    expect(res.body).not.toContain(student.fields.email);
    expect(res.body).not.toContain('@example.ru');
  });

  it('ASVS 8.2.3: the teacher’s own list leaves the e-mail to the student’s page, which shows it', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const student = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    const list = await call(teacher, 'GET', '/api/teacher/students?page_size=20&page_number=0');
    expect(list.statusCode, list.body).toBe(200);
    expect(Object.keys(list.json().students[0]).sort()).toEqual([
      'id',
      'name',
      'patronymic',
      'surname',
      'username',
    ]);
    const detail = await call(teacher, 'GET', `/api/teacher/students/${student.id}`);
    expect(detail.json()).toMatchObject({ id: student.id, email: student.fields.email });
  });

  it('ASVS 2.4.1: the global list pages at most 20 rows (as the dialog does)', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    expectError(await call(teacher, 'GET', '/api/teacher/students/global?page_size=21&page_number=0'), 400);
    expectError(
      await call(
        teacher,
        'GET',
        '/api/teacher/students/global/search?page_size=100&page_number=0&search_string=а',
      ),
      400,
    );
  });

  it('ASVS 2.4.1: each teacher may ask for so many pages an hour (list and search together), then 429 in Russian', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    for (let i = 0; i < GLOBAL_SEARCH_PER_HOUR; i++) {
      const url =
        i % 2 === 0
          ? `/api/teacher/students/global?page_size=20&page_number=${i}`
          : `/api/teacher/students/global/search?page_size=20&page_number=0&search_string=${i}`;
      const res = await call(teacher, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await call(teacher, 'GET', '/api/teacher/students/global?page_size=20&page_number=0');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Слишком много запросов к списку всех учеников\. Повторите через \d+ (мин|с)$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another teacher counts on their own; the teacher's other lists are not limited.
    expect(
      (await call(other, 'GET', '/api/teacher/students/global?page_size=20&page_number=0')).statusCode,
    ).toBe(200);
    expect((await call(teacher, 'GET', '/api/teacher/students?page_size=20&page_number=0')).statusCode).toBe(
      200,
    );
  });
});
