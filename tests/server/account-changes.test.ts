import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { hashToken } from '../../server/lib/secrets';
import { outboxMails } from './helpers/mail';
import {
  as,
  createTestApp,
  DATABASES,
  login,
  loginAdmin,
  registerAndLogin,
  type TestApp,
} from './helpers/test-app';

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** Moves the server's clock (Date only; timers run as they do). */
function minutesLater(minutes: number): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + minutes * 60_000);
}

describe.each(DATABASES)('account changes need the current password on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const profile = (caller: { token: string }, role: 'student' | 'teacher') =>
    as(t.app, caller)({ method: 'GET', url: `/api/${role}/profile` }).then((r) => r.json());
  const canLogin = async (username: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username, password },
        remoteAddress: '10.77.0.1',
      })
    ).statusCode === 200;
  const newData = (fields: { username: string; email: string }) => ({
    username: `${fields.username}n`,
    email: `n.${fields.email}`,
    name: 'Ольга',
    surname: 'Смирнова',
    patronymic: '',
  });

  describe('PATCH /api/{role}/password', () => {
    it.each([
      [
        'a JSON body',
        (p: string, c: string) => ({
          url: '/api/student/password',
          payload: { password: p, currentPassword: c },
        }),
      ],
      [
        '?password= with the current one in the body',
        (p: string, c: string) => ({
          url: `/api/student/password?password=${p}`,
          payload: { currentPassword: c },
        }),
      ],
    ])(
      'V6.2.3 with the right currentPassword (%s), 10 minutes after the login: changed',
      async (_label, request) => {
        const s = await registerAndLogin(t.app, 'student');
        minutesLater(10);
        const res = await as(
          t.app,
          s,
        )({ method: 'PATCH', ...request('Ustno-changed-pass-3', s.fields.password) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(SUCCESS_TEXT.passwordUpdated);
        expect(await canLogin(s.fields.username, 'Ustno-changed-pass-3')).toBe(true);
      },
    );

    it('V6.2.3 a wrong currentPassword: 403 and nothing changes, the sessions included', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const res = await as(
        t.app,
        s,
      )({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-stolen-pass-4', currentPassword: 'not-the-password' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.currentPasswordWrong });
      expect(await canLogin(s.fields.username, 'Ustno-stolen-pass-4')).toBe(false);
      expect(await canLogin(s.fields.username, s.fields.password)).toBe(true);
      expect((await as(t.app, s)({ method: 'GET', url: '/api/student/profile' })).statusCode).toBe(200);
    });

    it('V6.2.3 the spec’s call (no body) within 5 minutes of the password login: accepted', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      minutesLater(4);
      const res = await as(
        t.app,
        s,
      )({ method: 'PATCH', url: '/api/teacher/password?password=Ustno-quick-pass-5' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await canLogin(s.fields.username, 'Ustno-quick-pass-5')).toBe(true);
    });

    it('V6.2.3 the spec’s call (no body) 6 minutes after the login: 403, the password unchanged', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      minutesLater(6);
      const res = await as(
        t.app,
        s,
      )({ method: 'PATCH', url: '/api/teacher/password?password=Ustno-late-pass-6' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.currentPasswordRequired });
      expect(await canLogin(s.fields.username, s.fields.password)).toBe(true);
    });

    it('V6.2.3 a refresh does not make a login recent: auth_time stays that of the password login', async () => {
      const s = await registerAndLogin(t.app, 'student');
      minutesLater(6);
      const next = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          headers: { authorization: `Bearer ${s.refresh}` },
        })
      ).json();
      expect(claims(next.access_token).auth_time).toBe(claims(s.token).auth_time);
      const res = await as(t.app, { token: next.access_token })({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-after-refresh-7' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.currentPasswordRequired });
    });

    it('V6.2.3 a session older than auth_time itself (none kept) is never a recent login', async () => {
      const s = await registerAndLogin(t.app, 'student');
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ auth_time: null })
        .where('token_hash', '=', hashToken(s.refresh))
        .execute();
      const next = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          headers: { authorization: `Bearer ${s.refresh}` },
        })
      ).json();
      expect(claims(next.access_token).auth_time).toBeUndefined();
      const res = await as(t.app, { token: next.access_token })({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-legacy-pass-8' },
      });
      expect(res.statusCode).toBe(403);
    });

    it('the session the change starts counts the current password as a login; one accepted as recent keeps its auth_time', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const loginTime = claims(s.token).auth_time as number;
      expect(Math.abs(loginTime - Date.now() / 1000)).toBeLessThan(60);
      const recent = await as(
        t.app,
        s,
      )({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-recent-pass-9' },
      });
      expect(claims(recent.json().access_token).auth_time).toBe(loginTime);
      minutesLater(10);
      const proven = await as(t.app, { token: recent.json().access_token })({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-proven-pass-10', currentPassword: 'Ustno-recent-pass-9' },
      });
      expect(proven.statusCode, proven.body).toBe(200);
      expect(claims(proven.json().access_token).auth_time).toBeGreaterThanOrEqual(loginTime + 600);
    });

    it('V6.3.1 wrong current passwords count as failed logins: past the limit 429, even for the right one', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      const tryCurrent = (currentPassword: string) =>
        as(
          t.app,
          s,
        )({
          method: 'PATCH',
          url: '/api/teacher/password',
          payload: { password: 'Ustno-guessed-pass-11', currentPassword },
        });
      for (let i = 0; i < 3; i++) expect((await tryCurrent(`guess-${i}-wrong`)).statusCode).toBe(403);
      const refused = await tryCurrent(s.fields.password);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await canLogin(s.fields.username, s.fields.password)).toBe(true);
    });
  });

  describe('PATCH /api/{role}/data', () => {
    it('V6.2.3 a wrong currentPassword: 403, the profile and e-mail unchanged, no notice mailed', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const before = await profile(s, 'student');
      const res = await as(
        t.app,
        s,
      )({
        method: 'PATCH',
        url: '/api/student/data',
        payload: { ...newData(s.fields), currentPassword: 'not-the-password' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.currentPasswordWrong });
      expect(await profile(s, 'student')).toEqual(before);
      await t.app.ctx.background.drain();
      const mails = await outboxMails(t.dataDir);
      expect(mails.filter((m) => (m.headers.to ?? '').includes(s.fields.email))).toEqual([]);
    });

    it('V6.2.3 the right currentPassword 10 minutes after the login: changed', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      minutesLater(12);
      const data = newData(s.fields);
      const res = await as(
        t.app,
        s,
      )({
        method: 'PATCH',
        url: '/api/teacher/data',
        payload: { ...data, inform_about_exam_completion: false, currentPassword: s.fields.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...data, inform_about_exam_completion: false });
      expect(res.json()).not.toHaveProperty('currentPassword');
    });

    it('V6.2.3 the spec’s body (no currentPassword): accepted within 5 minutes of the login, refused after', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const soon = await as(
        t.app,
        s,
      )({ method: 'PATCH', url: '/api/student/data', payload: newData(s.fields) });
      expect(soon.statusCode, soon.body).toBe(200);

      const late = await registerAndLogin(t.app, 'student');
      const before = await profile(late, 'student');
      minutesLater(6);
      const res = await as(
        t.app,
        late,
      )({
        method: 'PATCH',
        url: '/api/student/data',
        payload: newData(late.fields),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.currentPasswordRequired });
      expect(await profile(late, 'student')).toEqual(before);
    });
  });

  it('the admin’s edit of another account needs no current password, however old the admin’s login', async () => {
    const admin = await loginAdmin(t.app);
    const s = await registerAndLogin(t.app, 'student');
    minutesLater(12);
    const res = await as(
      t.app,
      admin,
    )({
      method: 'PATCH',
      url: '/api/admin/student',
      payload: { ...newData(s.fields), id: s.id, password: 'Ustno-admin-set-12' },
    });
    expect(res.statusCode, res.body).toBe(200);
    vi.useRealTimers();
    expect((await login(t.app, `${s.fields.username}n`, 'Ustno-admin-set-12')).id).toBe(s.id);
  });
});
