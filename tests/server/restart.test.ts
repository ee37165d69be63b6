import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRecoveryTokens } from './helpers/mail';
import {
  as,
  createTestApp,
  loginAdmin,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

// A restart on one data folder is a SQLite matter: PostgreSQL keeps its data outside the process.
describe('a restart on sqlite', () => {
  let dataDir: string;
  let first: TestApp;
  let second: TestApp | undefined;
  let student: Awaited<ReturnType<typeof registerAndLogin>>;
  let teacherId: number;
  let recoveryToken: string;
  let metricsBefore: Record<string, number>;
  let secretBefore: string | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-restart-'));
    // No JWT_SECRET: the generated one must survive the restart with the rest.
    first = await createTestApp('sqlite', {}, { dataDir });
    student = await registerAndLogin(first.app, 'student', { surname: 'Перезапусков' });
    const admin = await loginAdmin(first.app);
    const teacher = await as(
      first.app,
      admin,
    )({
      method: 'POST',
      url: '/api/admin/teacher',
      payload: {
        username: 'restart-teacher',
        email: 'restart-teacher@example.ru',
        password: 'teacher-pass',
        name: 'Вера',
        surname: 'Устойчивая',
      },
    });
    teacherId = teacher.json().id;
    await first.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: student.fields.email },
    });
    await first.app.ctx.background.drain();
    [recoveryToken] = await outboxRecoveryTokens(dataDir, student.fields.email, first.config.publicUrl);
    metricsBefore = (await as(first.app, admin)({ method: 'GET', url: '/api/admin/metrics' })).json();
    // Generated into DATA_DIR, never into the database.
    secretBefore = await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8');
    await first.close();
    second = await createTestApp('sqlite', {}, { dataDir });
  });
  afterAll(async () => {
    await second?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const app = () => (second as TestApp).app;

  it('keeps the database file and the outbox in the folder after close', async () => {
    expect((await fs.stat(path.join(dataDir, 'ustno.sqlite'))).isFile()).toBe(true);
    expect(recoveryToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the generated JWT secret: an access token from before still works', async () => {
    expect(secretBefore).toBeTruthy();
    expect(await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secretBefore);
    const res = await as(app(), student)({ method: 'GET', url: '/api/auth/role' });
    expect(res.json()).toEqual({ role: 'STUDENT' });
  });

  it('keeps the accounts, the logins and the metrics, without a second admin', async () => {
    const admin: Caller = await loginAdmin(app());
    const metrics = (await as(app(), admin)({ method: 'GET', url: '/api/admin/metrics' })).json();
    expect(metrics.accounts).toBe(metricsBefore.accounts);
    expect(metrics.students).toBe(metricsBefore.students);
    expect(metrics.teachers).toBe(metricsBefore.teachers);
    expect(metrics.logins).toBeGreaterThanOrEqual(metricsBefore.logins);
    const found = await as(
      app(),
      admin,
    )({
      method: 'GET',
      url: '/api/admin/students/search?page_size=5&page_number=0&search_string=перезапуск',
    });
    expect(found.json().students.map((s: { id: number }) => s.id)).toEqual([student.id]);
    const teacher = await as(app(), admin)({ method: 'GET', url: `/api/admin/teachers/${teacherId}` });
    expect(teacher.json().surname).toBe('Устойчивая');
    const logins = await as(
      app(),
      admin,
    )({
      method: 'GET',
      url: `/api/admin/metrics/logins/${student.id}?page_size=10&page_number=0`,
    });
    expect(logins.json().logins).toHaveLength(1);
  });

  it('keeps the passwords, the refresh tokens and the recovery links', async () => {
    const login = await app().inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'restart-teacher', password: 'teacher-pass' },
    });
    expect(login.json().role).toBe('TEACHER');
    const refreshed = await app().inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${student.refresh}` },
    });
    expect(refreshed.statusCode).toBe(200);
    const recovered = await app().inject({
      method: 'POST',
      url: `/api/auth/recover/${recoveryToken}`,
      payload: { password: 'after-restart' },
    });
    expect(recovered.statusCode).toBe(200);
    const again = await app().inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: student.fields.username, password: 'after-restart' },
    });
    expect(again.statusCode).toBe(200);
  });
});
