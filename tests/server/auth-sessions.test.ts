import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { hashToken } from '../../server/lib/secrets';
import { addSeconds, nowIso } from '../../server/lib/time';
import { purgeExpired } from '../../server/modules/auth/purge';
import { outboxRecoveryTokens } from './helpers/mail';
import {
  as,
  createTestApp,
  DATABASES,
  login,
  loginAdmin,
  registerAndLogin,
  userFields,
  type TestApp,
} from './helpers/test-app';

const COOKIE = 'ustno_refresh';
const COOKIE_ONLY = { 'x-refresh-transport': 'cookie' };

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  expires?: Date;
  maxAge?: number;
}

function refreshCookie(res: LightMyRequestResponse): SetCookie | undefined {
  return (res.cookies as SetCookie[]).find((c) => c.name === COOKIE);
}

describe.each(DATABASES)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const authenticate = (username: string, password: string, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: '/api/auth/authenticate', payload: { username, password }, headers });
  const refreshWith = (opts: { bearer?: string; cookie?: string; headers?: Record<string, string> }) =>
    inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}), ...opts.headers },
      ...(opts.cookie ? { cookies: { [COOKIE]: opts.cookie } } : {}),
    });
  const roleOf = (token: string) =>
    inject({ method: 'GET', url: '/api/auth/role', headers: { authorization: `Bearer ${token}` } });

  /** A registered account logged in the way our client does: the refresh token only in the cookie. */
  async function cookieLogin() {
    const s = await registerAndLogin(t.app, 'student');
    const res = await authenticate(s.fields.username, s.fields.password, COOKIE_ONLY);
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookie(res);
    if (!cookie) throw new Error('no refresh cookie');
    return { ...s, access: res.json().access_token as string, cookie: cookie.value };
  }

  describe('refresh token transport', () => {
    it('V3.3.1 V3.3.2 V3.3.4 login sets the refresh cookie HttpOnly, Secure, SameSite=Strict, on /api/auth only', async () => {
      const fields = userFields();
      await inject({
        method: 'POST',
        url: '/api/auth/register/student',
        payload: { ...fields, role: 'ROLE_STUDENT' },
      });
      const res = await authenticate(fields.username, fields.password);
      expect(res.statusCode).toBe(200);
      const cookie = refreshCookie(res);
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
      // A client written to the spec still gets the same refresh token in the JSON answer.
      const body = res.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        refresh_token: cookie?.value,
        role: 'STUDENT',
      });
      // The cookie lasts as long as the session may stay unused (REFRESH_IDLE_DAYS, 14 by default).
      const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
    });

    it('V14.3.2 token answers are never stored by a cache: Cache-Control: no-store', async () => {
      const s = await cookieLogin();
      const login = await authenticate(s.fields.username, s.fields.password, COOKIE_ONLY);
      expect(login.headers['cache-control']).toBe('no-store');
      const refreshed = await refreshWith({ cookie: refreshCookie(login)?.value });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control']).toBe('no-store');
      const bearer = await refreshWith({ bearer: s.refresh });
      expect(bearer.headers['cache-control']).toBe('no-store');
      const changed = await as(t.app, { token: refreshed.json().access_token })({
        method: 'PATCH',
        url: '/api/student/password',
        payload: { password: 'Ustno-no-store-9' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers['cache-control']).toBe('no-store');
    });

    it('X-Refresh-Transport: cookie leaves the refresh token out of the JSON answer', async () => {
      const s = await cookieLogin();
      const res = await authenticate(s.fields.username, s.fields.password, COOKIE_ONLY);
      expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'role']);
      expect(refreshCookie(res)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('rotates from the cookie: answers only the access token and sets the successor cookie', async () => {
      const s = await cookieLogin();
      const res = await refreshWith({ cookie: s.cookie });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['access_token']);
      expect((await roleOf(res.json().access_token)).json()).toEqual({ role: 'STUDENT' });
      const next = refreshCookie(res);
      expect(next).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
      expect(next?.value).not.toBe(s.cookie);
      expect((await refreshWith({ cookie: next?.value })).statusCode).toBe(200);
    });

    it('a bearer refresh token wins over the cookie, and its answer has refresh_token as the spec says', async () => {
      const a = await cookieLogin();
      const b = await registerAndLogin(t.app, 'teacher');
      const res = await refreshWith({ bearer: b.refresh, cookie: a.cookie });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ access_token: expect.any(String), refresh_token: refreshCookie(res)?.value });
      expect((await roleOf(body.access_token)).json()).toEqual({ role: 'TEACHER' });
      // The cookie of the other session was not used up.
      expect((await refreshWith({ cookie: a.cookie })).statusCode).toBe(200);
    });

    it('a bearer with X-Refresh-Transport: cookie moves the session into the cookie', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const res = await refreshWith({ bearer: s.refresh, headers: COOKIE_ONLY });
      expect(Object.keys(res.json())).toEqual(['access_token']);
      const cookie = refreshCookie(res);
      expect((await refreshWith({ cookie: cookie?.value })).statusCode).toBe(200);
    });

    it('V7.2.1 answers 401 to an unknown cookie and clears it', async () => {
      const res = await refreshWith({ cookie: 'z'.repeat(43) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: ERROR_TEXT.refreshInvalid });
      const cleared = refreshCookie(res);
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api/auth');
      expect(cleared?.expires?.getTime() ?? Date.now()).toBeLessThanOrEqual(Date.now());
    });

    it('issue 18.3 a server failure during a refresh (the database away) keeps the cookie: only a refusal for good clears it', async () => {
      const s = await cookieLogin();
      const db = t.app.ctx.db;
      await sql`alter table refresh_tokens rename to refresh_tokens_away`.execute(db);
      let res: LightMyRequestResponse;
      try {
        res = await refreshWith({ cookie: s.cookie });
      } finally {
        await sql`alter table refresh_tokens_away rename to refresh_tokens`.execute(db);
      }
      expect(res.statusCode).toBe(500);
      expect(refreshCookie(res)).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      // The device is still signed in: the same cookie refreshes once the database is back.
      expect((await refreshWith({ cookie: s.cookie })).statusCode).toBe(200);
    });

    it('answers 401 with neither a bearer nor a cookie', async () => {
      const res = await refreshWith({});
      expect(res.statusCode).toBe(401);
      expect(refreshCookie(res)).toBeUndefined();
    });
  });

  describe('logout', () => {
    const logout = (opts: { bearer?: string; cookie?: string }) =>
      inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {},
        ...(opts.cookie ? { cookies: { [COOKIE]: opts.cookie } } : {}),
      });

    it('V7.4.1 with the cookie: 204, the cookie cleared, the whole family ended, other sessions kept', async () => {
      const s = await cookieLogin();
      const other = await login(t.app, s.fields.username, s.fields.password);
      const rotated = refreshCookie(await refreshWith({ cookie: s.cookie }))?.value as string;

      const res = await logout({ cookie: rotated });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(refreshCookie(res)).toMatchObject({ value: '', path: '/api/auth' });

      expect((await refreshWith({ cookie: rotated })).statusCode).toBe(401);
      expect((await refreshWith({ cookie: s.cookie })).statusCode).toBe(401);
      expect((await refreshWith({ bearer: other.refresh })).statusCode).toBe(200);
    });

    it('V7.4.1 with the refresh token as a bearer, as /api/auth/refresh-token takes it', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      expect((await logout({ bearer: s.refresh })).statusCode).toBe(204);
      expect((await refreshWith({ bearer: s.refresh })).statusCode).toBe(401);
    });

    it('answers 204 with no token, an unknown one, or one already ended', async () => {
      const s = await registerAndLogin(t.app, 'student');
      expect((await logout({})).statusCode).toBe(204);
      expect((await logout({ cookie: 'q'.repeat(43) })).statusCode).toBe(204);
      expect((await logout({ bearer: s.refresh })).statusCode).toBe(204);
      expect((await logout({ bearer: s.refresh })).statusCode).toBe(204);
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths['/api/auth/logout'])).toEqual(['post']);
      expect(Object.keys(doc.paths['/api/auth/logout'].post.responses)).toEqual(['204']);
    });
  });

  describe('absolute session lifetime', () => {
    it('V7.3.2 rotation passes the end of the family on: 30 days from login, not from the last refresh', async () => {
      const s = await cookieLogin();
      const first = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select(['family', 'expires_at'])
        .where('token_hash', '=', hashToken(s.cookie))
        .executeTakeFirstOrThrow();
      let cookie = s.cookie;
      for (let i = 0; i < 3; i++) {
        const res = await refreshWith({ cookie });
        // The cookie never outlives the family (it ends sooner when left unused: REFRESH_IDLE_DAYS).
        expect(refreshCookie(res)?.expires?.getTime()).toBeLessThanOrEqual(Date.parse(first.expires_at));
        cookie = refreshCookie(res)?.value as string;
      }
      const rows = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select('expires_at')
        .where('family', '=', first.family)
        .execute();
      expect(rows).toHaveLength(4);
      expect(new Set(rows.map((r) => r.expires_at))).toEqual(new Set([first.expires_at]));

      // The family's end reached: the newest token is refused too.
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ expires_at: addSeconds(nowIso(), -1) })
        .where('family', '=', first.family)
        .execute();
      expect((await refreshWith({ cookie })).statusCode).toBe(401);
    });
  });

  describe('idle sessions', () => {
    const backdateIssue = (token: string, seconds: number) =>
      t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ created_at: addSeconds(nowIso(), -seconds) })
        .where('token_hash', '=', hashToken(token))
        .execute();

    it('V7.3.1 REFRESH_IDLE_DAYS is 14 by default', () => {
      expect(loadConfig({}).refreshIdleSeconds).toBe(14 * 86_400);
      expect(loadConfig({ REFRESH_IDLE_DAYS: '3' }).refreshIdleSeconds).toBe(3 * 86_400);
    });

    it('V7.3.1 a refresh token unused for 13 days still rotates; one unused for 15 days is refused and its cookie cleared', async () => {
      const a = await cookieLogin();
      await backdateIssue(a.cookie, 13 * 86_400);
      const kept = await refreshWith({ cookie: a.cookie });
      expect(kept.statusCode).toBe(200);
      // The successor gets 14 days of its own (still within the 30 days of the family).
      const days = ((refreshCookie(kept)?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);

      const b = await cookieLogin();
      await backdateIssue(b.cookie, 15 * 86_400);
      const idle = await refreshWith({ cookie: b.cookie });
      expect(idle.statusCode).toBe(401);
      expect(idle.json()).toEqual({ message: ERROR_TEXT.refreshInvalid });
      expect(refreshCookie(idle)?.value).toBe('');
    });

    it('V7.3.1 near the end of the 30 days the cookie ends with the family, not 14 days later', async () => {
      const s = await cookieLogin();
      await t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ expires_at: addSeconds(nowIso(), 2 * 86_400) })
        .where('token_hash', '=', hashToken(s.cookie))
        .execute();
      const res = await refreshWith({ cookie: s.cookie });
      const days = ((refreshCookie(res)?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(1.9);
      expect(days).toBeLessThanOrEqual(2);
    });

    it('the purge deletes the tokens of a family whose newest token went unused past the idle limit', async () => {
      const idle = await registerAndLogin(t.app, 'student');
      const live = await registerAndLogin(t.app, 'student');
      await backdateIssue(idle.refresh, 15 * 86_400);
      await purgeExpired(t.app.ctx);
      const left = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('token_hash', 'in', [hashToken(idle.refresh), hashToken(live.refresh)])
        .execute();
      expect(left.map((r) => r.token_hash)).toEqual([hashToken(live.refresh)]);
    });
  });

  describe('purge job', () => {
    it('deletes expired refresh tokens, old throttling state and long finished recovery attempts only', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const db = t.app.ctx.db;
      const now = nowIso();
      const long = addSeconds(now, -100 * 86_400);
      await db
        .insertInto('refresh_tokens')
        .values([
          {
            user_id: s.id,
            token_hash: 'purge-old',
            family: 'purge-f',
            created_at: long,
            expires_at: addSeconds(now, -5),
          },
          {
            user_id: s.id,
            token_hash: 'purge-live',
            family: 'purge-f2',
            created_at: now,
            expires_at: addSeconds(now, 60),
          },
        ])
        .execute();
      await db
        .insertInto('login_failures')
        .values([
          { username_key: 'purge-x', address: '10.99.0.1', created_at: addSeconds(now, -3600) },
          { username_key: 'purge-y', address: '10.99.0.1', created_at: now },
        ])
        .execute();
      await db
        .insertInto('login_throttles')
        .values([
          { key: 'purge:old', hits: 3, window_start: addSeconds(now, -3600) },
          { key: 'purge:new', hits: 3, window_start: now },
        ])
        .execute();
      await db
        .insertInto('recovery_attempts')
        .values([
          { user_id: s.id, token_hash: 'purge-used', created_at: long, expires_at: long, completed_at: long },
          { user_id: s.id, token_hash: 'purge-expired', created_at: long, expires_at: long },
          { user_id: s.id, token_hash: 'purge-recent', created_at: now, expires_at: now, completed_at: now },
          { user_id: s.id, token_hash: 'purge-open', created_at: now, expires_at: addSeconds(now, 600) },
        ])
        .execute();

      const counts = await purgeExpired(t.app.ctx, now);
      expect(counts.refreshTokens).toBeGreaterThanOrEqual(1);
      expect(counts.recoveryAttempts).toBeGreaterThanOrEqual(2);

      const tokens = await db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('token_hash', 'like', 'purge-%')
        .execute();
      expect(tokens.map((r) => r.token_hash)).toEqual(['purge-live']);
      const failures = await db
        .selectFrom('login_failures')
        .select('username_key')
        .where('username_key', 'like', 'purge-%')
        .execute();
      expect(failures.map((r) => r.username_key)).toEqual(['purge-y']);
      const throttles = await db
        .selectFrom('login_throttles')
        .select('key')
        .where('key', 'like', 'purge:%')
        .execute();
      expect(throttles.map((r) => r.key)).toEqual(['purge:new']);
      const attempts = await db
        .selectFrom('recovery_attempts')
        .select('token_hash')
        .where('token_hash', 'like', 'purge-%')
        .orderBy('token_hash')
        .execute();
      expect(attempts.map((r) => r.token_hash)).toEqual(['purge-open', 'purge-recent']);
      // The account's own session is untouched.
      expect((await refreshWith({ bearer: s.refresh })).statusCode).toBe(200);
    });
  });

  describe('access tokens issued before a password change or reset', () => {
    it('V7.4.1 V7.4.3 a reset refuses every earlier access token of the account', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const other = await login(t.app, s.fields.username, s.fields.password);
      expect((await roleOf(s.token)).statusCode).toBe(200);
      await inject({ method: 'POST', url: '/api/auth/recover', payload: { email: s.fields.email } });
      await t.app.ctx.background.drain();
      const [token] = await outboxRecoveryTokens(t.dataDir, s.fields.email, t.config.publicUrl);
      const done = await inject({
        method: 'POST',
        url: `/api/auth/recover/${token}`,
        payload: { password: 'Ustno-reset-pass-7' },
      });
      expect(done.statusCode).toBe(200);
      for (const access of [s.token, other.token]) {
        const res = await roleOf(access);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: ERROR_TEXT.unauthorized });
      }
      const fresh = await login(t.app, s.fields.username, 'Ustno-reset-pass-7');
      expect((await roleOf(fresh.token)).statusCode).toBe(200);
    });

    it("V7.4.1 an admin's password change refuses the earlier access tokens", async () => {
      const admin = await loginAdmin(t.app);
      const s = await registerAndLogin(t.app, 'teacher');
      const res = await as(
        t.app,
        admin,
      )({
        method: 'PATCH',
        url: '/api/admin/teacher',
        payload: { ...s.fields, id: s.id, password: 'Ustno-admin-set-3' },
      });
      expect(res.statusCode).toBe(200);
      expect((await roleOf(s.token)).statusCode).toBe(401);
      expect((await as(t.app, s)({ method: 'GET', url: '/api/teacher/profile' })).statusCode).toBe(401);
    });

    it.each([
      ['a JSON body', (p: string) => ({ url: '/api/student/password', payload: { password: p } })],
      ['?password=', (p: string) => ({ url: `/api/student/password?password=${p}` })],
    ])(
      'V7.4.3 the own change (%s) ends the other sessions, and the changing one goes on with new tokens',
      async (_label, request) => {
        const s = await registerAndLogin(t.app, 'student');
        const other = await login(t.app, s.fields.username, s.fields.password);
        const res = await as(t.app, s)({ method: 'PATCH', ...request('Ustno-own-change-5') });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body).toEqual({
          message: SUCCESS_TEXT.passwordUpdated,
          access_token: expect.any(String),
          refresh_token: refreshCookie(res)?.value,
        });
        expect((await roleOf(body.access_token)).json()).toEqual({ role: 'STUDENT' });
        expect((await refreshWith({ cookie: body.refresh_token })).statusCode).toBe(200);
        for (const stale of [s.token, other.token]) expect((await roleOf(stale)).statusCode).toBe(401);
        for (const stale of [s.refresh, other.refresh])
          expect((await refreshWith({ bearer: stale })).statusCode).toBe(401);
      },
    );

    it('with X-Refresh-Transport: cookie the own change answers the new refresh token only as the cookie', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      const res = await as(
        t.app,
        s,
      )({
        method: 'PATCH',
        url: '/api/teacher/password',
        payload: { password: 'Ustno-own-change-6' },
        headers: COOKIE_ONLY,
      });
      expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'message']);
      expect((await refreshWith({ cookie: refreshCookie(res)?.value })).statusCode).toBe(200);
    });

    it("V7.4.2 a deleted account's access token is refused at once", async () => {
      const s = await registerAndLogin(t.app, 'student');
      await t.app.ctx.db.deleteFrom('users').where('id', '=', s.id).execute();
      expect((await as(t.app, s)({ method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
    });
  });

  describe('a replayed refresh token', () => {
    const backdateRotation = (token: string, seconds: number) =>
      t.app.ctx.db
        .updateTable('refresh_tokens')
        .set({ revoked_at: addSeconds(nowIso(), -seconds) })
        .where('token_hash', '=', hashToken(token))
        .execute();
    const liveInFamily = async (token: string) => {
      const { family } = await t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select('family')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      return t.app.ctx.db
        .selectFrom('refresh_tokens')
        .select(['token_hash', 'family'])
        .where('family', '=', family)
        .where('revoked_at', 'is', null)
        .execute();
    };

    it('issue 18.4 REFRESH_REPLAY_GRACE_SECONDS is 10 minutes by default, longer than any retry of the page or the worker', () => {
      expect(loadConfig({}).refreshReplayGraceSeconds).toBe(600);
      expect(loadConfig({ REFRESH_REPLAY_GRACE_SECONDS: '900' }).refreshReplayGraceSeconds).toBe(900);
      expect(() => loadConfig({ REFRESH_REPLAY_GRACE_SECONDS: '-1' })).toThrow(
        /REFRESH_REPLAY_GRACE_SECONDS/,
      );
    });

    it('issue 18.4 within the grace period (9 minutes later), the successor unused (its answer was lost): a fresh successor in the same family', async () => {
      const s = await cookieLogin();
      const lost = refreshCookie(await refreshWith({ cookie: s.cookie }))?.value as string;
      await backdateRotation(s.cookie, 9 * 60);

      const replay = await refreshWith({ cookie: s.cookie });
      expect(replay.statusCode).toBe(200);
      const fresh = refreshCookie(replay)?.value as string;
      expect(fresh).not.toBe(lost);
      expect((await roleOf(replay.json().access_token)).json()).toEqual({ role: 'STUDENT' });
      // One live token in the family: the fresh one, which goes on rotating.
      expect((await liveInFamily(s.cookie)).map((r) => r.token_hash)).toEqual([hashToken(fresh)]);
      expect((await refreshWith({ cookie: fresh })).statusCode).toBe(200);
    });

    it('the same for a bearer client: the answer carries the fresh refresh token', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      const lost = (await refreshWith({ bearer: s.refresh })).json().refresh_token as string;
      const replay = await refreshWith({ bearer: s.refresh });
      expect(replay.statusCode).toBe(200);
      const fresh = replay.json().refresh_token as string;
      expect(fresh).not.toBe(lost);
      expect((await refreshWith({ bearer: fresh })).statusCode).toBe(200);
    });

    it('after the successor was used: the whole family is revoked (theft)', async () => {
      const s = await cookieLogin();
      const next = refreshCookie(await refreshWith({ cookie: s.cookie }))?.value as string;
      const newest = refreshCookie(await refreshWith({ cookie: next }))?.value as string;

      const replay = await refreshWith({ cookie: s.cookie });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ message: ERROR_TEXT.refreshInvalid });
      expect(await liveInFamily(s.cookie)).toEqual([]);
      expect((await refreshWith({ cookie: newest })).statusCode).toBe(401);
    });

    it('issue 18.4 a lost answer replayed twice (the worker retrying minutes apart) renews both times', async () => {
      const s = await cookieLogin();
      await refreshWith({ cookie: s.cookie });
      await backdateRotation(s.cookie, 3 * 60);
      expect((await refreshWith({ cookie: s.cookie })).statusCode).toBe(200);
      await backdateRotation(s.cookie, 7 * 60);
      const again = await refreshWith({ cookie: s.cookie });
      expect(again.statusCode).toBe(200);
      const fresh = refreshCookie(again)?.value as string;
      expect((await liveInFamily(s.cookie)).map((r) => r.token_hash)).toEqual([hashToken(fresh)]);
    });

    it('issue 18.4 after the grace period, even with the successor unused: the whole family is revoked', async () => {
      const s = await cookieLogin();
      const next = refreshCookie(await refreshWith({ cookie: s.cookie }))?.value as string;
      await backdateRotation(s.cookie, 601);
      expect((await refreshWith({ cookie: s.cookie })).statusCode).toBe(401);
      expect((await refreshWith({ cookie: next })).statusCode).toBe(401);
    });

    it('issue 18.4 the grace follows REFRESH_REPLAY_GRACE_SECONDS', async () => {
      const short = await createTestApp(kind, { REFRESH_REPLAY_GRACE_SECONDS: '30' });
      try {
        const s = await registerAndLogin(short.app, 'student');
        const refresh = (token: string) =>
          short.app.inject({
            method: 'POST',
            url: '/api/auth/refresh-token',
            headers: { authorization: `Bearer ${token}` },
          });
        const next = (await refresh(s.refresh)).json().refresh_token as string;
        await short.app.ctx.db
          .updateTable('refresh_tokens')
          .set({ revoked_at: addSeconds(nowIso(), -31) })
          .where('token_hash', '=', hashToken(s.refresh))
          .execute();
        expect((await refresh(s.refresh)).statusCode).toBe(401);
        expect((await refresh(next)).statusCode).toBe(401);
      } finally {
        await short.close();
      }
    });

    it('a token of a family ended by logout gets no grace', async () => {
      const s = await cookieLogin();
      await refreshWith({ cookie: s.cookie });
      await inject({ method: 'POST', url: '/api/auth/logout', cookies: { [COOKIE]: s.cookie } });
      expect((await refreshWith({ cookie: s.cookie })).statusCode).toBe(401);
    });
  });
});
