import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './helpers/expect-error';
import {
  callerFor,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('student requests on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);
  const requests = async (student: Caller, query = 'page_size=10&page_number=0') => {
    const res = await call(student, 'GET', `/api/student/requests?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      page: number;
      pages: number;
      requests: Array<{
        id: number;
        teacher_surname: string;
        teacher_name: string;
        teacher_patronymic: string;
      }>;
    };
  };

  it('lists pending requests newest first with the teacher’s name', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const first = await registerAndLogin(t.app, 'teacher', {
      surname: 'Первый',
      name: 'Пётр',
      patronymic: 'Ильич',
    });
    const second = await registerAndLogin(t.app, 'teacher', { surname: 'Второй' });
    expect((await call(first, 'POST', `/api/teacher/student/${student.id}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call(second, 'POST', `/api/teacher/student/${student.id}`)).statusCode).toBe(200);

    const page = await requests(student);
    expect(page.page).toBe(0);
    expect(page.pages).toBe(1);
    expect(page.requests.map((r) => r.teacher_surname)).toEqual(['Второй', 'Первый']);
    expect(page.requests[1]).toEqual({
      id: expect.any(Number),
      teacher_surname: 'Первый',
      teacher_name: 'Пётр',
      teacher_patronymic: 'Ильич',
    });
    const paged = await requests(student, 'page_size=1&page_number=1');
    expect(paged).toMatchObject({ page: 1, pages: 2 });
    expect(paged.requests.map((r) => r.teacher_surname)).toEqual(['Первый']);
    expectError(await call(student, 'GET', '/api/student/requests?page_size=0&page_number=0'), 400);
    expectError(await call(student, 'GET', '/api/student/requests'), 400);
  });

  it('accepts a request: the student joins the teacher’s list and the request leaves', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const teacher = await registerAndLogin(t.app, 'teacher');
    await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    const [request] = (await requests(student)).requests;
    const res = await call(student, 'POST', `/api/student/request/${request.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Заявка одобрена' });
    expect((await requests(student)).requests).toEqual([]);
    expect((await call(teacher, 'GET', `/api/teacher/students/${student.id}`)).statusCode).toBe(200);
    // Accepting again (a retried call) is harmless.
    expect((await call(student, 'POST', `/api/student/request/${request.id}`)).statusCode).toBe(200);
    // But an accepted link is no longer a request to reject.
    expectError(await call(student, 'DELETE', `/api/student/request/${request.id}`), 404);
  });

  it('rejects a request: the link is gone and the teacher may ask again', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const teacher = await registerAndLogin(t.app, 'teacher');
    await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    const [request] = (await requests(student)).requests;
    const res = await call(student, 'DELETE', `/api/student/request/${request.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Заявка отклонена' });
    expect((await requests(student)).requests).toEqual([]);
    expectError(await call(teacher, 'GET', `/api/teacher/students/${student.id}`), 404);
    expectError(await call(student, 'POST', `/api/student/request/${request.id}`), 404);
    expectError(await call(student, 'DELETE', `/api/student/request/${request.id}`), 404);
    expect((await call(teacher, 'POST', `/api/teacher/student/${student.id}`)).statusCode).toBe(200);
  });

  it('answers another student’s request like a missing one', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const intruder = await registerAndLogin(t.app, 'student');
    const teacher = await registerAndLogin(t.app, 'teacher');
    await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    const [request] = (await requests(student)).requests;
    const foreign = await call(intruder, 'POST', `/api/student/request/${request.id}`);
    expectError(foreign, 404);
    expect(foreign.json()).toEqual((await call(intruder, 'POST', '/api/student/request/999999')).json());
    expectError(await call(intruder, 'DELETE', `/api/student/request/${request.id}`), 404);
    expect((await requests(student)).requests.map((r) => r.id)).toEqual([request.id]);
    expectError(await call(student, 'POST', '/api/student/request/abc'), 400);
  });

  it('needs a student’s token', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const teacher = await registerAndLogin(t.app, 'teacher');
    await call(teacher, 'POST', `/api/teacher/student/${student.id}`);
    const [request] = (await requests(student)).requests;
    const calls: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', '/api/student/requests?page_size=5&page_number=0'],
      ['POST', `/api/student/request/${request.id}`],
      ['DELETE', `/api/student/request/${request.id}`],
    ];
    for (const [method, url] of calls) {
      expectError(await call(null, method, url), 401);
      expectError(await call(teacher, method, url), 403);
    }
    expect((await requests(student)).requests).toHaveLength(1);
  });
});
