import crypto from 'node:crypto';
import Fastify, { type FastifyError, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../server/lib/error-handler';
import { HttpError, tooManyRequests } from '../../server/lib/http-error';
import { webm } from './helpers/recordings';
import {
  as,
  createTestApp,
  registerAndLogin,
  uniqueName,
  userFields,
  type TestApp,
} from './helpers/test-app';

// A 429 means "this clears by itself": the outbox waits `Retry-After` and sends again. A refusal
// that waiting will not clear is a final 4xx instead (the per-exam limit: 409; space: 413).

/** A 429 with a Russian message and a `Retry-After` of whole seconds, at least one. */
function expectRetryLater(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
  const header = res.headers['retry-after'];
  expect(header, 'Retry-After').toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  return seconds;
}

describe('every 429 of the app carries Retry-After', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      RECOVERIES_PER_HOUR: '1',
      GLOBAL_SEARCH_PER_HOUR: '1',
      TEACHER_STUDENTS_PER_HOUR: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
      LOGIN_DELAY_MAX_SECONDS: '0',
      STUDENT_OPEN_UPLOADS_MAX: '1',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registrations per address', async () => {
    // Its own app: every other case registers its accounts from inject's one address.
    const own = await createTestApp('sqlite', { REGISTRATIONS_PER_HOUR: '1' });
    const register = () =>
      own.app.inject({
        method: 'POST',
        url: '/api/auth/register/student',
        remoteAddress: '203.0.113.50',
        payload: { ...userFields(), role: 'ROLE_STUDENT' },
      });
    try {
      expect((await register()).statusCode).toBe(200);
      expect(expectRetryLater(await register())).toBeGreaterThan(3000);
    } finally {
      await own.close();
    }
  });

  it('recoveries per address', async () => {
    const recover = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        remoteAddress: '203.0.113.51',
        payload: { email: 'nobody@example.ru' },
      });
    expect((await recover()).statusCode).toBe(200);
    expectRetryLater(await recover());
  });

  it('logins of an account from one address, and from one address', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const login = (username: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        remoteAddress,
        payload: { username, password: 'wrong-password-1' },
      });
    expect((await login(teacher.fields.username, '203.0.113.52')).statusCode).toBe(403);
    expectRetryLater(await login(teacher.fields.username, '203.0.113.52'));
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5; i++) last = await login(uniqueName('nobody'), '203.0.113.53');
    expectRetryLater(last as LightMyRequestResponse);
  });

  it('a teacher’s pages of every student, and new students', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const call = as(t.app, teacher);
    const page = () =>
      call({ method: 'GET', url: '/api/teacher/students/global?page_size=20&page_number=0' });
    expect((await page()).statusCode).toBe(200);
    expectRetryLater(await page());
    const create = () => call({ method: 'POST', url: '/api/teacher/students', payload: { ...userFields() } });
    expect((await create()).statusCode).toBe(200);
    expectRetryLater(await create());
  });

  it('a student’s unfinished uploads', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const part = (clientId: string) =>
      as(
        t.app,
        student,
      )({
        method: 'PUT',
        url: `/api/student/uploads/${clientId}/parts/0`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: webm(1000),
      });
    expect((await part(crypto.randomUUID())).statusCode).toBe(200);
    expectRetryLater(await part(crypto.randomUUID()));
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandling(app);
    app.get('/given', () => {
      throw tooManyRequests('Подождите', 42);
    });
    app.get('/bare', () => {
      throw new HttpError(429, { message: 'Подождите' });
    });
    app.get('/framework', () => {
      const err = new Error('Too Many Requests') as FastifyError;
      err.statusCode = 429;
      throw err;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the wait a refusal gives, and a default wait for any 429 that gives none', async () => {
    expect(expectRetryLater(await app.inject({ url: '/given' }))).toBe(42);
    expectRetryLater(await app.inject({ url: '/bare' }));
    expectRetryLater(await app.inject({ url: '/framework' }));
  });
});
