import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORING_TEXT, ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { expectError, expectMessage } from './helpers/expect-error';
import { as, createTestApp, DATABASES, login, registerAndLogin, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('student profile on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the student’s own profile', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const res = await as(t.app, student)({ method: 'GET', url: '/api/student/profile' });
    expect(res.statusCode, res.body).toBe(200);
    const { password: _password, ...fields } = student.fields;
    expect(res.json()).toEqual({ id: student.id, ...fields });
  });

  it('updates the data, answering 409 with errors for a taken username or e-mail', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const other = await registerAndLogin(t.app, 'student');
    const data = {
      username: `${student.fields.username}x`,
      email: `x${student.fields.email}`,
      name: 'Мария',
      surname: 'Кузнецова',
      patronymic: '',
    };
    const res = await as(t.app, student)({ method: 'PATCH', url: '/api/student/data', payload: data });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: student.id, ...data });
    const again = await as(t.app, student)({ method: 'GET', url: '/api/student/profile' });
    expect(again.json()).toEqual({ id: student.id, ...data });

    const taken = await as(
      t.app,
      student,
    )({
      method: 'PATCH',
      url: '/api/student/data',
      payload: { ...data, username: other.fields.username, email: other.fields.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken, ERROR_TEXT.emailTaken] });

    expectError(
      await as(
        t.app,
        student,
      )({ method: 'PATCH', url: '/api/student/data', payload: { ...data, email: 'nope' } }),
      400,
    );
  });

  it('changes the password from the query (as the spec sends it) or the JSON body', async () => {
    const student = await registerAndLogin(t.app, 'student');
    const byQuery = await as(
      t.app,
      student,
    )({ method: 'PATCH', url: '/api/student/password?password=new-secret-1' });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toMatchObject({ message: SUCCESS_TEXT.passwordUpdated });
    const fresh = await login(t.app, student.fields.username, 'new-secret-1');
    const byBody = await as(
      t.app,
      fresh,
    )({
      method: 'PATCH',
      url: '/api/student/password',
      payload: { password: 'new-secret-2' },
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ message: SUCCESS_TEXT.passwordUpdated });
    await login(t.app, student.fields.username, 'new-secret-2');
    // The changing session goes on with the tokens of the answer; its old access token is refused.
    const current = { token: byBody.json().access_token as string };
    expectError(await as(t.app, fresh)({ method: 'GET', url: '/api/student/profile' }), 401);
    // The old refresh token was revoked by the change.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${student.refresh}` },
    });
    expect(refresh.statusCode).toBe(401);

    expectMessage(
      await as(t.app, current)({ method: 'PATCH', url: '/api/student/password' }),
      400,
      AUTHORING_TEXT.passwordRequired,
    );
    expectError(
      await as(t.app, current)({ method: 'PATCH', url: '/api/student/password?password=123' }),
      400,
    );
  });

  it('is for students only', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    expectError(await as(t.app, teacher)({ method: 'GET', url: '/api/student/profile' }), 403);
    expectError(await as(t.app, null)({ method: 'GET', url: '/api/student/profile' }), 401);
    expectError(
      await as(t.app, teacher)({ method: 'PATCH', url: '/api/student/password?password=abcdefg' }),
      403,
    );
  });
});
