import { isRedirect } from '@tanstack/react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requireRole, ROLE_CALL_TIMEOUT_MS, startEarlyRoleCall } from '@/lib/route-guard';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../helpers/http-server';

let server: TestHttpServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  localStorage.clear();
  server.seen.length = 0;
  tokenStore.set({ access_token: 'access' });
  tokenStore.setLastRole('ADMIN');
});

/** The redirect's target, or 'allowed: <role>' when the guard let the navigation through. */
async function outcome(allowed: Parameters<typeof requireRole>[0]): Promise<string> {
  try {
    return `allowed: ${await requireRole(allowed)}`;
  } catch (error) {
    if (isRedirect(error)) return `redirect: ${String(error.options.to)}`;
    throw error;
  }
}

describe('requireRole (the route guard)', () => {
  it('lets an allowed role through and remembers it', async () => {
    server.handle(() => ({ status: 200, body: { role: 'TEACHER' } }));
    expect(await outcome(['TEACHER'])).toBe('allowed: TEACHER');
    expect(tokenStore.lastRole()).toBe('TEACHER');
  });

  it('sends another role to /login', async () => {
    server.handle(() => ({ status: 200, body: { role: 'STUDENT' } }));
    expect(await outcome(['ADMIN'])).toBe('redirect: /login');
  });

  it('sends a refused session (403) to /login', async () => {
    server.handle(() => ({ status: 403, body: { message: 'Недостаточно прав' } }));
    expect(await outcome(['ADMIN'])).toBe('redirect: /login');
  });

  it('without tokens asks nothing and sends to /login', async () => {
    localStorage.clear();
    expect(await outcome(['ADMIN'])).toBe('redirect: /login');
    expect(server.seen).toHaveLength(0);
  });

  it('with no answer at all keeps the last confirmed role (offline logs nobody out)', async () => {
    const closed = await startHttpServer();
    await closed.close();
    const restore = resolveRelativeFetch(closed.origin);
    try {
      expect(await outcome(['ADMIN'])).toBe('allowed: ADMIN');
    } finally {
      restore();
    }
  });

  it('a 401 that no refresh can cure sends to /login', async () => {
    server.handle(() => ({ status: 401, body: { message: 'Сессия истекла, войдите снова' } }));
    expect(await outcome(['ADMIN'])).toBe('redirect: /login');
  });

  it.each([500, 502, 503, 504])('a %i keeps the last confirmed role', async (status) => {
    server.handle(() => ({ status, body: { message: 'Сервер недоступен' } }));
    expect(await outcome(['ADMIN'])).toBe('allowed: ADMIN');
    expect(tokenStore.access()).toBe('access');
  });

  it("a captive portal's HTML page instead of JSON keeps the last confirmed role", async () => {
    server.handle(() => ({ status: 200, html: '<html><body>Войдите в сеть Wi-Fi</body></html>' }));
    expect(await outcome(['ADMIN'])).toBe('allowed: ADMIN');
  });

  it('a role call that hangs times out and keeps the last confirmed role', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      server.handle(() => ({ status: 200, body: { role: 'STUDENT' }, delayMs: ROLE_CALL_TIMEOUT_MS * 3 }));
      const pending = outcome(['ADMIN']);
      await vi.advanceTimersByTimeAsync(ROLE_CALL_TIMEOUT_MS + 100);
      expect(await pending).toBe('allowed: ADMIN');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer cut off mid-body counts as no answer, not as a refusal', async () => {
    server.handle(() => ({ status: 200, body: { role: 'ADMIN', padding: 'x'.repeat(2000) }, cutBody: true }));
    expect(await outcome(['ADMIN'])).toBe('allowed: ADMIN');
    expect(tokenStore.access()).toBe('access');
  });
});

/** An access token as the server signs them (the guard reads only its subject and expiry). */
function accessToken(sub: string, expiresInSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${part({ alg: 'HS256' })}.${part({ sub, role: 'TEACHER', exp })}.signature`;
}

describe('the role call made as the app starts', () => {
  it("answers the first navigation's guard: one request, with the session's token", async () => {
    const token = accessToken('7', 600);
    tokenStore.set({ access_token: token });
    server.handle(() => ({ status: 200, body: { role: 'TEACHER' } }));
    startEarlyRoleCall();
    // Asked before any guard runs; the guard then asks nothing more.
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    expect(await outcome(['TEACHER'])).toBe('allowed: TEACHER');
    expect(server.seen.map((r) => [r.path, r.authorization])).toEqual([
      ['/api/auth/role', `Bearer ${token}`],
    ]);
    expect(tokenStore.lastRole()).toBe('TEACHER');
  });

  it('is used once: the next navigation asks the server again', async () => {
    tokenStore.set({ access_token: accessToken('7', 600) });
    server.handle(() => ({ status: 200, body: { role: 'TEACHER' } }));
    startEarlyRoleCall();
    expect(await outcome(['TEACHER'])).toBe('allowed: TEACHER');
    server.handle(() => ({ status: 200, body: { role: 'STUDENT' } }));
    expect(await outcome(['TEACHER'])).toBe('redirect: /login');
    expect(server.seen).toHaveLength(2);
  });

  it('is not made with an expired token (the guard renews it first)', async () => {
    tokenStore.set({ access_token: accessToken('7', -60) });
    server.handle(() => ({ status: 200, body: { role: 'TEACHER' } }));
    startEarlyRoleCall();
    expect(await outcome(['TEACHER'])).toBe('allowed: TEACHER');
    expect(server.seen).toHaveLength(1);
  });

  it('refused (401): the guard asks in its own way, and a session nothing renews goes to /login', async () => {
    tokenStore.set({ access_token: accessToken('7', 600) });
    server.handle(() => ({ status: 401, body: { message: 'Сессия истекла, войдите снова' } }));
    startEarlyRoleCall();
    expect(await outcome(['TEACHER'])).toBe('redirect: /login');
    expect(server.seen.filter((r) => r.path === '/api/auth/role').length).toBeGreaterThanOrEqual(2);
  });

  it('is not used once the session changed: the guard asks with the new token', async () => {
    const first = accessToken('7', 600);
    const second = accessToken('8', 600);
    server.handle((r) => ({
      status: 200,
      body: { role: r.authorization === `Bearer ${first}` ? 'TEACHER' : 'STUDENT' },
    }));
    tokenStore.set({ access_token: first });
    startEarlyRoleCall();
    tokenStore.set({ access_token: second });
    expect(await outcome(['STUDENT'])).toBe('allowed: STUDENT');
  });

  it('one that hangs keeps the last confirmed role, without a second wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      tokenStore.set({ access_token: accessToken('7', 600) });
      server.handle(() => ({ status: 200, body: { role: 'STUDENT' }, delayMs: ROLE_CALL_TIMEOUT_MS * 3 }));
      startEarlyRoleCall();
      const pending = outcome(['ADMIN']);
      await vi.advanceTimersByTimeAsync(ROLE_CALL_TIMEOUT_MS + 100);
      expect(await pending).toBe('allowed: ADMIN');
      expect(server.seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
