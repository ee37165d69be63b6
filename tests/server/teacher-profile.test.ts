import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './helpers/expect-error';
import {
  callerFor,
  createTestApp,
  DATABASES,
  login,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('teacher profile on %s', (kind) => {
  let t: TestApp;
  let student: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    student = await registerAndLogin(t.app, 'student');
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);

  it('shows the teacher’s profile with the completion-mail setting', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher', { patronymic: 'Петровна' });
    const res = await call(teacher, 'GET', '/api/teacher/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: teacher.id,
      username: teacher.fields.username,
      email: teacher.fields.email,
      name: 'Иван',
      surname: 'Петров',
      patronymic: 'Петровна',
      inform_about_exam_completion: false,
    });
  });

  it('updates the data and the setting; leaving the setting out keeps it', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const data = {
      username: `${teacher.fields.username}x`,
      email: `x${teacher.fields.email}`,
      name: 'Мария',
      surname: 'Иванова',
      patronymic: '',
      inform_about_exam_completion: true,
    };
    const res = await call(teacher, 'PATCH', '/api/teacher/data', data);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: teacher.id, ...data });
    const { inform_about_exam_completion: _, ...rest } = data;
    const kept = await call(teacher, 'PATCH', '/api/teacher/data', { ...rest, name: 'Марина' });
    expect(kept.json()).toMatchObject({ name: 'Марина', inform_about_exam_completion: true });
    const off = await call(teacher, 'PATCH', '/api/teacher/data', {
      ...rest,
      inform_about_exam_completion: false,
    });
    expect(off.json().inform_about_exam_completion).toBe(false);
    expect((await call(teacher, 'GET', '/api/teacher/profile')).json().inform_about_exam_completion).toBe(
      false,
    );
  });

  it('refuses a taken username or e-mail (409 errors) and bad data (400)', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const base = { ...teacher.fields, password: undefined };
    const taken = await call(teacher, 'PATCH', '/api/teacher/data', {
      ...base,
      username: other.fields.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: ['Пользователь с таким логином уже существует'] });
    const takenEmail = await call(teacher, 'PATCH', '/api/teacher/data', {
      ...base,
      email: other.fields.email.toUpperCase(),
    });
    expect(takenEmail.json()).toEqual({ errors: ['Пользователь с такой почтой уже существует'] });
    for (const body of [
      { ...base, email: 'nope' },
      { ...base, username: 'ab' },
      { ...base, name: '' },
      { ...base, inform_about_exam_completion: 'yes' },
    ]) {
      expectError(await call(teacher, 'PATCH', '/api/teacher/data', body), 400);
    }
    expect((await call(teacher, 'GET', '/api/teacher/profile')).json().username).toBe(
      teacher.fields.username,
    );
  });

  it('changes the password from the query string, ending the sessions', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const res = await call(teacher, 'PATCH', '/api/teacher/password?password=new-secret-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Пароль обновлен',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${teacher.refresh}` },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(login(t.app, teacher.fields.username, teacher.fields.password)).rejects.toThrow();
    await login(t.app, teacher.fields.username, 'new-secret-1');
  });

  it('changes the password from a JSON body too', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const res = await call(teacher, 'PATCH', '/api/teacher/password', { password: 'body-secret-1' });
    expect(res.statusCode, res.body).toBe(200);
    await login(t.app, teacher.fields.username, 'body-secret-1');
  });

  it('refuses a missing or weak password with 400', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    expectError(await call(teacher, 'PATCH', '/api/teacher/password'), 400);
    expectError(await call(teacher, 'PATCH', '/api/teacher/password?password=123'), 400);
    expectError(await call(teacher, 'PATCH', '/api/teacher/password', { password: 'x' }), 400);
    expectError(await call(teacher, 'PATCH', '/api/teacher/password', { password: 12345678 }), 400);
    await login(t.app, teacher.fields.username, teacher.fields.password);
  });

  it('needs a teacher’s token for every profile call', async () => {
    const calls: Array<['GET' | 'PATCH', string, object?]> = [
      ['GET', '/api/teacher/profile'],
      ['PATCH', '/api/teacher/data', { username: 'abc', email: 'a@b.ru', name: 'a', surname: 'b' }],
      ['PATCH', '/api/teacher/password?password=whatever1'],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(student, method, url, payload), 403);
    }
  });
});
