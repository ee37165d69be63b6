import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { hashToken } from '../../server/lib/secrets';
import { changePassword } from '../../server/modules/users/service';
import { expectError, expectMessage } from './helpers/expect-error';
import { outboxRecoveryTokens } from './helpers/mail';
import {
  ADMIN,
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
import { signAccessToken, TEST_JWT_SECRET, unsignedAccessToken } from './helpers/tokens';

const ROLE_BODY = { teacher: 'ROLE_TEACHER', student: 'ROLE_STUDENT' } as const;
const LONG = 'я'.repeat(10_000);

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

describe.each(DATABASES)('authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { JWT_SECRET: TEST_JWT_SECRET });
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const register = (role: 'teacher' | 'student', body: Record<string, unknown>) =>
    inject({ method: 'POST', url: `/api/auth/register/${role}`, payload: body });
  const authenticate = (username: unknown, password: unknown, remoteAddress?: string) =>
    inject({ method: 'POST', url: '/api/auth/authenticate', payload: { username, password }, remoteAddress });
  const refresh = (token: string | null) =>
    inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  const roleOf = (token: string) =>
    inject({ method: 'GET', url: '/api/auth/role', headers: { authorization: `Bearer ${token}` } });

  describe('POST /api/auth/register/{teacher|student}', () => {
    it.each(['teacher', 'student'] as const)(
      'registers a %s and answers the account without a password',
      async (role) => {
        const fields = userFields();
        const res = await register(role, { ...fields, role: ROLE_BODY[role] });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toEqual({
          id: expect.any(Number),
          username: fields.username,
          email: fields.email,
          name: fields.name,
          surname: fields.surname,
          patronymic: fields.patronymic,
        });
        expect(res.body).not.toContain(fields.password);
        expect(res.body).not.toContain('argon2');
        const caller = await login(t.app, fields.username, fields.password);
        expect(caller.id).toBe(body.id);
        expect((await roleOf(caller.token)).json()).toEqual({ role: role.toUpperCase() });
      },
    );

    it('trims the fields and stores a missing or null patronymic as empty', async () => {
      const base = userFields();
      const res = await register('student', {
        ...base,
        username: `  ${base.username}  `,
        email: `  ${base.email} `,
        name: ' Анна ',
        surname: ' Смирнова ',
        patronymic: undefined,
        role: 'ROLE_STUDENT',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        username: base.username,
        email: base.email,
        name: 'Анна',
        surname: 'Смирнова',
        patronymic: '',
      });
      const other = await register('teacher', { ...userFields(), patronymic: null, role: 'ROLE_TEACHER' });
      expect(other.statusCode).toBe(200);
      expect(other.json().patronymic).toBe('');
    });

    it('answers 409 with the taken username', async () => {
      const first = userFields();
      expect((await register('student', { ...first, role: 'ROLE_STUDENT' })).statusCode).toBe(200);
      const res = await register('student', {
        ...userFields(),
        username: first.username,
        role: 'ROLE_STUDENT',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken] });
    });

    it('answers 409 with the taken e-mail', async () => {
      const first = userFields();
      expect((await register('teacher', { ...first, role: 'ROLE_TEACHER' })).statusCode).toBe(200);
      const res = await register('teacher', { ...userFields(), email: first.email, role: 'ROLE_TEACHER' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: [ERROR_TEXT.emailTaken] });
    });

    it('answers 409 with both texts when both are taken, across roles', async () => {
      const first = userFields();
      expect((await register('teacher', { ...first, role: 'ROLE_TEACHER' })).statusCode).toBe(200);
      const res = await register('student', { ...first, role: 'ROLE_STUDENT' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken, ERROR_TEXT.emailTaken] });
    });

    it('compares usernames and e-mails case-insensitively, Cyrillic and ё included', async () => {
      const suffix = uniqueName('');
      const username = `Ёлочка${suffix}`;
      const email = `Elka.${suffix}@Example.RU`;
      expect(
        (await register('student', { ...userFields(), username, email, role: 'ROLE_STUDENT' })).statusCode,
      ).toBe(200);
      const sameName = await register('student', {
        ...userFields(),
        username: `ЕЛОЧКА${suffix.toUpperCase()}`,
        role: 'ROLE_STUDENT',
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toEqual({ errors: [ERROR_TEXT.usernameTaken] });
      const sameMail = await register('teacher', {
        ...userFields(),
        email: email.toLowerCase(),
        role: 'ROLE_TEACHER',
      });
      expect(sameMail.statusCode).toBe(409);
      expect(sameMail.json()).toEqual({ errors: [ERROR_TEXT.emailTaken] });
      // The account answers to its name in any case.
      const caller = await login(t.app, `ёЛОЧКА${suffix}`, 'Ustno-test-pass-1');
      expect(caller.id).toBeGreaterThan(0);
    });

    const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a short username', { username: 'ab' }, /^Логин должен содержать от 3 до 64 символов$/],
      ['a username with a space', { username: 'иван петров' }, /^Логин может содержать только/],
      ['a 10 000-character username', { username: LONG }, /^Логин должен содержать от 3 до 64 символов$/],
      ['a missing username', { username: undefined }, /^Логин: обязательное поле$/],
      ['a number as username', { username: 12345 }, /^Логин/],
      ['a bad e-mail', { email: 'not-an-email' }, /^Почта: Неверный адрес почты$|^Неверный адрес почты$/],
      ['a 10 000-character e-mail', { email: `${'a'.repeat(10_000)}@example.ru` }, /Почта/],
      ['a missing e-mail', { email: undefined }, /^Почта: обязательное поле$/],
      ['a short password', { password: '12345' }, /^Пароль должен содержать от 8 до 128 символов$/],
      ['a 10 000-character password', { password: LONG }, /^Пароль должен содержать от 8 до 128 символов$/],
      ['a missing password', { password: undefined }, /^Пароль: обязательное поле$/],
      ['a password as an object', { password: { a: 1 } }, /^Пароль/],
      ['an empty name', { name: '' }, /^Имя: обязательное поле$/],
      ['a blank surname', { surname: '   ' }, /^Фамилия: обязательное поле$/],
      ['a 10 000-character name', { name: LONG }, /^Имя: не длиннее 100 символов$/],
      ['a 10 000-character patronymic', { patronymic: LONG }, /^Отчество: не длиннее 100 символов$/],
      ['a list as surname', { surname: ['Петров'] }, /^Фамилия/],
    ];
    it.each(invalid)('answers 400 with a message for %s', async (_label, override, text) => {
      const res = await register('student', { ...userFields(), ...override, role: 'ROLE_STUDENT' });
      expectError(res, 400);
      expect(res.json().message).toMatch(text);
    });

    it('lists every invalid field in one message', async () => {
      const res = await register('student', { role: 'ROLE_STUDENT' });
      expectError(res, 400);
      const message: string = res.json().message;
      for (const label of ['Логин', 'Почта', 'Пароль', 'Имя', 'Фамилия']) expect(message).toContain(label);
    });

    it('refuses a body role that does not match the path', async () => {
      const asStudent = await register('teacher', { ...userFields(), role: 'ROLE_STUDENT' });
      expectMessage(asStudent, 400, ERROR_TEXT.roleMismatch);
      const asTeacher = await register('student', { ...userFields(), role: 'ROLE_TEACHER' });
      expectMessage(asTeacher, 400, ERROR_TEXT.roleMismatch);
    });

    it.each([undefined, '', 'ROLE_ADMIN', 'ADMIN', 'TEACHER', 7])(
      'refuses the role %j with "Роль не выбрана"',
      async (role) => {
        const res = await register('teacher', { ...userFields(), role });
        expectMessage(res, 400, ERROR_TEXT.roleNotChosen);
      },
    );

    it('has no way to register an admin', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/register/admin',
        payload: { ...userFields(), role: 'ROLE_ADMIN' },
      });
      expectMessage(res, 404, ERROR_TEXT.notFound);
    });
  });

  describe('POST /api/auth/authenticate', () => {
    it('answers the tokens and the plain role of each role', async () => {
      const admin = await authenticate(ADMIN.username, ADMIN.password);
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        role: 'ADMIN',
      });
      expect(jwtPayload(admin.json().access_token)).toMatchObject({ role: 'ADMIN', sub: expect.any(String) });

      for (const role of ['teacher', 'student'] as const) {
        const fields = userFields();
        expect((await register(role, { ...fields, role: ROLE_BODY[role] })).statusCode).toBe(200);
        const res = await authenticate(fields.username, fields.password);
        expect(res.statusCode).toBe(200);
        expect(res.json().role).toBe(role.toUpperCase());
        const claims = jwtPayload(res.json().access_token);
        expect(claims.role).toBe(role.toUpperCase());
        expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
      }
    });

    it('finds the account whatever the case and surrounding spaces of the username', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const res = await authenticate(`  ${s.fields.username.toUpperCase()} `, s.fields.password);
      expect(res.statusCode).toBe(200);
      expect(jwtPayload(res.json().access_token).sub).toBe(String(s.id));
    });

    it('answers 403 "Неверный логин или пароль" on a wrong password and on an unknown user alike', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const wrong = await authenticate(s.fields.username, 'wrong-password');
      expectMessage(wrong, 403, ERROR_TEXT.wrongCredentials);
      const unknown = await authenticate(uniqueName('nobody'), 'whatever1');
      expectMessage(unknown, 403, ERROR_TEXT.wrongCredentials);
      // The password is case-sensitive and is not trimmed.
      expectMessage(
        await authenticate(s.fields.username, s.fields.password.toUpperCase()),
        403,
        ERROR_TEXT.wrongCredentials,
      );
      expectMessage(
        await authenticate(s.fields.username, ` ${s.fields.password}`),
        403,
        ERROR_TEXT.wrongCredentials,
      );
    });

    it.each<[string, unknown, unknown]>([
      ['a missing username', undefined, 'Ustno-test-pass-1'],
      ['a missing password', 'someone', undefined],
      ['an empty username', '', 'Ustno-test-pass-1'],
      ['an empty password', 'someone', ''],
      ['a 10 000-character username', LONG, 'Ustno-test-pass-1'],
      ['a 10 000-character password', 'someone', LONG],
      ['a number as password', 'someone', 123456],
    ])('answers 400 for %s', async (_label, username, password) => {
      expectError(await authenticate(username, password), 400);
    });
  });

  describe('POST /api/auth/refresh-token', () => {
    it('rotates: a new pair whose access token works, and the presented token is used up', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      const res = await refresh(s.refresh);
      expect(res.statusCode).toBe(200);
      const next = res.json();
      expect(next).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
      expect(next.refresh_token).not.toBe(s.refresh);
      expect(await roleOf(next.access_token).then((r) => r.json())).toEqual({ role: 'TEACHER' });
      expect(jwtPayload(next.access_token).sub).toBe(String(s.id));
      const again = await refresh(next.refresh_token);
      expect(again.statusCode).toBe(200);
    });

    it('treats a replayed token as stolen: 401, and the whole family dies, the newest token too', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const other = await login(t.app, s.fields.username, s.fields.password);
      const first = (await refresh(s.refresh)).json().refresh_token as string;
      const second = (await refresh(first)).json().refresh_token as string;

      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(await refresh(second), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(await refresh(first), 401, ERROR_TEXT.refreshInvalid);
      // Another login of the same user is another family: untouched.
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('revokes the family when the token is replayed after the grace period, the successor unused', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const next = (await refresh(s.refresh)).json().refresh_token as string;
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date(Date.now() - 601_000).toISOString() })
        .where('token_hash', '=', hashToken(s.refresh))
        .execute();
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(await refresh(next), 401, ERROR_TEXT.refreshInvalid);
    });

    it('answers both of two simultaneous refreshes with one token, leaving one live token in the family', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      const answers = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const live = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', s.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toHaveLength(1);
      const tokens = answers.map((r) => r.json().refresh_token as string);
      expect(tokens.map(hashToken)).toContain(live[0].token_hash);
    });

    it('answers 401 to an expired refresh token', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(s.refresh))
        .execute();
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
    });

    it.each<[string, (c: Caller) => string | null]>([
      ['no bearer', () => null],
      ['an access token', (c) => c.token],
      ['an unknown token', () => 'x'.repeat(43)],
      ['a 10 000-character token', () => 'y'.repeat(10_000)],
    ])('answers 401 to %s', async (_label, pick) => {
      const s = await registerAndLogin(t.app, 'student');
      expectMessage(await refresh(pick(s)), 401, ERROR_TEXT.refreshInvalid);
    });

    it('answers 401 when the account no longer exists', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await t.app.ctx.db.deleteFrom('users').where('id', '=', s.id).execute();
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(await roleOf(s.token), 401, ERROR_TEXT.unauthorized);
    });
  });

  describe('GET /api/auth/role and access tokens', () => {
    let admin: Caller;
    beforeAll(async () => {
      admin = await loginAdmin(t.app);
    });
    const now = () => Math.floor(Date.now() / 1000);

    it('answers the role of each role', async () => {
      expect((await roleOf(admin.token)).json()).toEqual({ role: 'ADMIN' });
      const teacher = await registerAndLogin(t.app, 'teacher');
      expect((await roleOf(teacher.token)).json()).toEqual({ role: 'TEACHER' });
      const student = await registerAndLogin(t.app, 'student');
      expect((await roleOf(student.token)).json()).toEqual({ role: 'STUDENT' });
    });

    it('accepts a token signed the way the server signs (the forgeries below differ only in one point)', async () => {
      const token = await signAccessToken({ sub: String(admin.id), role: 'ADMIN' });
      expect((await roleOf(token)).json()).toEqual({ role: 'ADMIN' });
      const metrics = await as(t.app, { token })({ method: 'GET', url: '/api/admin/metrics' });
      expect(metrics.statusCode).toBe(200);
    });

    it('answers 401 without a token or with a header that is not a bearer', async () => {
      expectMessage(await inject({ method: 'GET', url: '/api/auth/role' }), 401, ERROR_TEXT.unauthorized);
      for (const authorization of [
        'Bearer',
        'Bearer ',
        `Basic ${admin.token}`,
        `Bearer ${admin.token} extra`,
        admin.token,
      ]) {
        const res = await inject({ method: 'GET', url: '/api/auth/role', headers: { authorization } });
        expectMessage(res, 401, ERROR_TEXT.unauthorized);
      }
    });

    it.each<[string, (sub: string) => Promise<string>]>([
      ['an expired token', (sub) => signAccessToken({ sub, role: 'ADMIN' }, { expiresAt: now() - 1 })],
      [
        'a token signed with another secret',
        (sub) => signAccessToken({ sub, role: 'ADMIN' }, { secret: 'another' }),
      ],
      ['an unsigned token (alg none)', async (sub) => unsignedAccessToken({ sub, role: 'ADMIN' })],
      ['a token signed with HS512', (sub) => signAccessToken({ sub, role: 'ADMIN' }, { alg: 'HS512' })],
      ['a token with an unknown role', (sub) => signAccessToken({ sub, role: 'SUPERUSER' })],
      ['a token with a role that is not a string', (sub) => signAccessToken({ sub, role: ['ADMIN'] })],
      ['a token with a non-numeric subject', () => signAccessToken({ sub: 'admin', role: 'ADMIN' })],
      ['a token with subject 0', () => signAccessToken({ sub: '0', role: 'ADMIN' })],
      ['a refresh token', async () => (await login(t.app, ADMIN.username, ADMIN.password)).refresh],
      ['garbage', async () => 'not.a.jwt'],
      ['10 000 characters', async () => 'z'.repeat(10_000)],
    ])('answers 401 to %s, on /role and on an admin call', async (_label, make) => {
      const token = await make(String(admin.id));
      expectMessage(await roleOf(token), 401, ERROR_TEXT.unauthorized);
      const res = await as(t.app, { token })({ method: 'GET', url: '/api/admin/metrics' });
      expectMessage(res, 401, ERROR_TEXT.unauthorized);
    });

    it('answers 401 to a token whose signature was tampered with', async () => {
      const [header, , signature] = admin.token.split('.');
      const claims = { ...jwtPayload(admin.token), role: 'ADMIN', sub: '999999' };
      const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      expectMessage(await roleOf(tampered), 401, ERROR_TEXT.unauthorized);
    });
  });

  describe('a password change ends every session', () => {
    it('by the admin: every refresh token of the user fails, the old password too', async () => {
      const admin = await loginAdmin(t.app);
      const s = await registerAndLogin(t.app, 'student');
      const second = await login(t.app, s.fields.username, s.fields.password);
      const res = await as(
        t.app,
        admin,
      )({
        method: 'PATCH',
        url: '/api/admin/student',
        payload: { ...s.fields, id: s.id, password: 'brand-new-1' },
      });
      expect(res.statusCode).toBe(200);
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(await refresh(second.refresh), 401, ERROR_TEXT.refreshInvalid);
      expectMessage(
        await authenticate(s.fields.username, s.fields.password),
        403,
        ERROR_TEXT.wrongCredentials,
      );
      expect((await authenticate(s.fields.username, 'brand-new-1')).statusCode).toBe(200);
    });

    it('through the profile password service as well', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      await changePassword(t.app.ctx, s.id, 'changed-password', 'self');
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);
      expect((await authenticate(s.fields.username, 'changed-password')).statusCode).toBe(200);
    });

    it('an edit that leaves the password alone keeps the sessions', async () => {
      const admin = await loginAdmin(t.app);
      const s = await registerAndLogin(t.app, 'student');
      const res = await as(
        t.app,
        admin,
      )({
        method: 'PATCH',
        url: '/api/admin/student',
        payload: { ...s.fields, id: s.id, password: undefined, name: 'Другое' },
      });
      expect(res.statusCode).toBe(200);
      expect((await refresh(s.refresh)).statusCode).toBe(200);
    });
  });

  describe('password recovery', () => {
    const recover = (email: unknown) =>
      inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
    const complete = (token: string, password: unknown) =>
      inject({ method: 'POST', url: `/api/auth/recover/${token}`, payload: { password } });
    const tokensFor = async (email: string) => {
      await t.app.ctx.background.drain();
      return outboxRecoveryTokens(t.dataDir, email, t.config.publicUrl);
    };
    const attemptsOf = (userId: number) =>
      t.app.ctx.db.selectFrom('recovery_attempts').selectAll().where('user_id', '=', userId).execute();

    it('answers the same for an unknown e-mail, and then records and mails nothing', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const known = await recover(s.fields.email);
      const unknownEmail = `${uniqueName('nobody')}@example.ru`;
      const unknown = await recover(unknownEmail);
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: SUCCESS_TEXT.recoverySent });
      expect(await tokensFor(unknownEmail)).toEqual([]);
      expect(await tokensFor(s.fields.email)).toHaveLength(1);
      expect(await attemptsOf(s.id)).toHaveLength(1);
    });

    it('finds the account by e-mail in any case', async () => {
      const s = await registerAndLogin(t.app, 'student');
      expect((await recover(`  ${s.fields.email.toUpperCase()} `)).statusCode).toBe(200);
      expect(await tokensFor(s.fields.email)).toHaveLength(1);
    });

    it('sets the new password once: the link then answers 404, sessions end, the admin sees it used', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      await recover(s.fields.email);
      const [token] = await tokensFor(s.fields.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const done = await complete(token, 'recovered-pass');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: SUCCESS_TEXT.passwordUpdated });
      expectMessage(await complete(token, 'another-pass'), 404, ERROR_TEXT.recoveryInvalid);

      expectMessage(
        await authenticate(s.fields.username, s.fields.password),
        403,
        ERROR_TEXT.wrongCredentials,
      );
      expect((await authenticate(s.fields.username, 'recovered-pass')).statusCode).toBe(200);
      expect((await authenticate(s.fields.username, 'another-pass')).statusCode).toBe(403);
      expectMessage(await refresh(s.refresh), 401, ERROR_TEXT.refreshInvalid);

      const admin = await loginAdmin(t.app);
      const res = await as(
        t.app,
        admin,
      )({
        method: 'GET',
        url: `/api/admin/metrics/recoveries/${s.id}?page_size=10&page_number=0`,
      });
      expect(res.statusCode).toBe(200);
      const { page, pages, attempts } = res.json();
      expect({ page, pages }).toEqual({ page: 0, pages: 1 });
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ delivered: true, completed: true });
      const lifetime = Date.parse(attempts[0].expire_date) - Date.parse(attempts[0].create_date);
      expect(lifetime).toBe(30 * 60 * 1000);
    });

    it('answers 404 to an expired link, which stays unused for the admin', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await recover(s.fields.email);
      const [token] = await tokensFor(s.fields.email);
      await t.app.ctx.db
        .updateTable('recovery_attempts')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', s.id)
        .execute();
      expectMessage(await complete(token, 'too-late-pass'), 404, ERROR_TEXT.recoveryInvalid);
      expect((await authenticate(s.fields.username, s.fields.password)).statusCode).toBe(200);
      const [attempt] = await attemptsOf(s.id);
      expect(attempt.completed_at).toBeNull();
      expect(attempt.delivered_at).not.toBeNull();
    });

    it('ends the other links of the account when one is used', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await recover(s.fields.email);
      await recover(s.fields.email);
      const tokens = await tokensFor(s.fields.email);
      expect(tokens).toHaveLength(2);
      expect((await complete(tokens[1], 'second-link-pass')).statusCode).toBe(200);
      expectMessage(await complete(tokens[0], 'first-link-pass'), 404, ERROR_TEXT.recoveryInvalid);
      expect((await authenticate(s.fields.username, 'second-link-pass')).statusCode).toBe(200);
    });

    it('mails at most five links an hour per account, with the same answer after that', async () => {
      const s = await registerAndLogin(t.app, 'student');
      for (let i = 0; i < 7; i += 1) {
        const res = await recover(s.fields.email);
        expect(res.json()).toEqual({ message: SUCCESS_TEXT.recoverySent });
      }
      expect(await tokensFor(s.fields.email)).toHaveLength(5);
      expect(await attemptsOf(s.id)).toHaveLength(5);
    });

    it('keeps the link usable after a refused (400) password', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await recover(s.fields.email);
      const [token] = await tokensFor(s.fields.email);
      expectError(await complete(token, '12345'), 400);
      expectError(await complete(token, LONG), 400);
      expectError(await complete(token, undefined), 400);
      expect((await complete(token, 'finally-ok')).statusCode).toBe(200);
    });

    it('answers 404 to an unknown token and 400 to one that cannot be a token', async () => {
      expectMessage(await complete('A'.repeat(43), 'Ustno-test-pass-1'), 404, ERROR_TEXT.recoveryInvalid);
      expectError(await complete('short', 'Ustno-test-pass-1'), 400);
      expectError(await complete('x'.repeat(10_000), 'Ustno-test-pass-1'), 400);
      expectError(await complete(`${'b'.repeat(40)}%21%21%21`, 'Ustno-test-pass-1'), 400);
    });

    it.each<[string, unknown]>([
      ['a missing e-mail', undefined],
      ['a malformed e-mail', 'not-an-email'],
      ['a 10 000-character e-mail', `${'a'.repeat(10_000)}@example.ru`],
      ['a number', 42],
    ])('answers 400 to %s', async (_label, email) => {
      expectError(await recover(email), 400);
    });
  });

  describe('login throttling', () => {
    let th: TestApp;
    beforeAll(async () => {
      th = await createTestApp(kind, {
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '5',
        LOGIN_WINDOW_MINUTES: '15',
        LOGIN_DELAY_MAX_SECONDS: '1',
      });
    });
    afterAll(async () => {
      await th.close();
    });
    const attempt = (username: string, password: string, remoteAddress: string) =>
      th.app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username, password },
        remoteAddress,
      });

    it('V6.3.1 answers 429 after LOGIN_MAX_FAILURES_PER_ACCOUNT failures from one address, even to the right password', async () => {
      const s = await registerAndLogin(th.app, 'student');
      for (let i = 0; i < 3; i++) {
        expectMessage(
          await attempt(s.fields.username, 'wrong-pass', '10.1.0.1'),
          403,
          ERROR_TEXT.wrongCredentials,
        );
      }
      expectMessage(
        await attempt(s.fields.username, s.fields.password, '10.1.0.1'),
        429,
        ERROR_TEXT.tooManyAttempts,
      );
      // Whatever the case of the name: it is the same account.
      expectMessage(
        await attempt(s.fields.username.toUpperCase(), s.fields.password, '10.1.0.1'),
        429,
        ERROR_TEXT.tooManyAttempts,
      );
      // The owner elsewhere is not locked out, and another account from that address is not affected.
      expect((await attempt(s.fields.username, s.fields.password, '10.1.0.9')).statusCode).toBe(200);
      const other = await registerAndLogin(th.app, 'student');
      expect((await attempt(other.fields.username, other.fields.password, '10.1.0.1')).statusCode).toBe(200);
    });

    it('forgets failures older than LOGIN_WINDOW_MINUTES', async () => {
      const s = await registerAndLogin(th.app, 'teacher');
      for (let i = 0; i < 3; i++) await attempt(s.fields.username, 'wrong-pass', '10.2.0.1');
      expect((await attempt(s.fields.username, s.fields.password, '10.2.0.1')).statusCode).toBe(429);
      await th.app.ctx.db
        .updateTable('login_throttles')
        .set({ window_start: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
        .where('key', 'like', '%10.2.0.1')
        .execute();
      expect((await attempt(s.fields.username, s.fields.password, '10.2.0.1')).statusCode).toBe(200);
    });

    it('starts counting afresh after a successful login', async () => {
      const s = await registerAndLogin(th.app, 'student');
      for (let i = 0; i < 2; i++) await attempt(s.fields.username, 'wrong-pass', '10.3.0.1');
      expect((await attempt(s.fields.username, s.fields.password, '10.3.0.2')).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) await attempt(s.fields.username, 'wrong-pass', '10.3.0.1');
      expect((await attempt(s.fields.username, s.fields.password, '10.3.0.2')).statusCode).toBe(200);
    });

    it('answers 429 after LOGIN_MAX_FAILURES_PER_ADDRESS failures from one address, whatever the names', async () => {
      const s = await registerAndLogin(th.app, 'student');
      for (let i = 0; i < 5; i++) {
        expectMessage(
          await attempt(uniqueName('guess'), 'wrong-pass', '10.4.0.1'),
          403,
          ERROR_TEXT.wrongCredentials,
        );
      }
      expectMessage(
        await attempt(s.fields.username, s.fields.password, '10.4.0.1'),
        429,
        ERROR_TEXT.tooManyAttempts,
      );
      expect((await attempt(s.fields.username, s.fields.password, '10.4.0.2')).statusCode).toBe(200);
    });

    it('does not count invalid (400) attempts as failures', async () => {
      const s = await registerAndLogin(th.app, 'student');
      for (let i = 0; i < 4; i++) expectError(await attempt(s.fields.username, '', '10.5.0.1'), 400);
      for (let i = 0; i < 2; i++) await attempt(s.fields.username, 'wrong-pass', '10.5.0.1');
      expect((await attempt(s.fields.username, s.fields.password, '10.5.0.1')).statusCode).toBe(200);
    });
  });
});
