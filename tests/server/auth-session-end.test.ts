import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { hashToken } from '../../server/lib/secrets';
import { ADMIN, createTestApp, DATABASES, login, registerAndLogin, type TestApp } from './helpers/test-app';

const COOKIE = 'ustno_refresh';

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

function refreshCookie(res: LightMyRequestResponse): string | undefined {
  return (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === COOKIE)?.value;
}

describe.each(DATABASES)('sessions end when they should on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const profileOf = (app: TestApp, token: string) =>
    app.app.inject({ method: 'GET', url: '/api/auth/role', headers: { authorization: `Bearer ${token}` } });
  const refresh = (app: TestApp, token: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${token}` },
    });

  it('V7.4.1 the access token carries its refresh family (`fam`), kept by rotation', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const { family } = await t.app.ctx.db
      .selectFrom('refresh_tokens')
      .select('family')
      .where('token_hash', '=', hashToken(s.refresh))
      .executeTakeFirstOrThrow();
    expect(claims(s.token).fam).toBe(family);
    const next = (await refresh(t, s.refresh)).json();
    expect(claims(next.access_token).fam).toBe(family);
  });

  it('V7.4.1 after logout the access token of that session is refused at once, even one verified (and kept) just before', async () => {
    const s = await registerAndLogin(t.app, 'teacher');
    const other = await login(t.app, s.fields.username, s.fields.password);
    // Used, so its verified claims sit in the cache.
    expect((await profileOf(t, s.token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${s.refresh}` },
    });
    expect(out.statusCode).toBe(204);
    const res = await profileOf(t, s.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ERROR_TEXT.unauthorized });
    // Another session of the same account goes on.
    expect((await profileOf(t, other.token)).statusCode).toBe(200);
  });

  it('V7.4.1 logout with the cookie ends the access tokens of the cookie’s session too', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: s.fields.username, password: s.fields.password },
      headers: { 'x-refresh-transport': 'cookie' },
    });
    const access = res.json().access_token as string;
    expect((await profileOf(t, access)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [COOKIE]: refreshCookie(res) ?? '' },
    });
    expect((await profileOf(t, access)).statusCode).toBe(401);
  });

  it('V7.4.1 reuse detection ends the access tokens of the whole family, the thief’s and the owner’s', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const first = (await refresh(t, s.refresh)).json();
    const second = (await refresh(t, first.refresh_token)).json();
    for (const token of [s.token, first.access_token, second.access_token]) {
      expect((await profileOf(t, token)).statusCode).toBe(200);
    }
    // The first token comes back after its successor was used: theft.
    expect((await refresh(t, s.refresh)).statusCode).toBe(401);
    for (const token of [s.token, first.access_token, second.access_token]) {
      expect((await profileOf(t, token)).statusCode).toBe(401);
    }
  });

  it('V7.4.1 rotation keeps the earlier access tokens of the family working until they expire', async () => {
    const s = await registerAndLogin(t.app, 'teacher');
    const next = (await refresh(t, s.refresh)).json();
    expect((await profileOf(t, s.token)).statusCode).toBe(200);
    expect((await profileOf(t, next.access_token)).statusCode).toBe(200);
  });

  describe('a changed bootstrap ADMIN_PASSWORD', () => {
    const restart = (password: string) =>
      createTestApp(
        kind,
        {
          ADMIN_PASSWORD: password,
          ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        },
        kind === 'sqlite' ? { dataDir: t.dataDir } : {},
      );

    it('V7.4.1 a start with the same password keeps the admin’s sessions', async () => {
      const admin = await login(t.app, ADMIN.username, ADMIN.password);
      const again = await restart(ADMIN.password);
      try {
        expect((await profileOf(again, admin.token)).statusCode).toBe(200);
        expect((await refresh(again, admin.refresh)).statusCode).toBe(200);
      } finally {
        await again.close();
      }
    });

    it('V7.4.1 a start with a new password ends every session of that admin: access and refresh tokens', async () => {
      const admin = await login(t.app, ADMIN.username, ADMIN.password);
      const teacher = await registerAndLogin(t.app, 'teacher');
      const changed = await restart('Ustno-new-admin-pass-2');
      try {
        expect((await profileOf(changed, admin.token)).statusCode).toBe(401);
        expect((await profileOf(t, admin.token)).statusCode).toBe(401);
        expect((await refresh(changed, admin.refresh)).statusCode).toBe(401);
        // Nobody else's session is touched, and the new password logs in.
        expect((await profileOf(changed, teacher.token)).statusCode).toBe(200);
        const fresh = await login(changed.app, ADMIN.username, 'Ustno-new-admin-pass-2');
        expect((await profileOf(changed, fresh.token)).statusCode).toBe(200);
      } finally {
        await changed.close();
      }
      // Back to the password the other tests log in with.
      const back = await restart(ADMIN.password);
      await back.close();
    });
  });
});
