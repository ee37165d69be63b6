import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError, errorStatus } from '@/lib/api-client';
import { errorTexts } from '@/lib/api-errors';
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
  tokenStore.set({ access_token: 'old-access' });
  sessionAlive = true;
});

/** Whether the refresh cookie (which a test server cannot read across origins) still works. */
let sessionAlive = true;

const calls = (path: string) => server.seen.filter((r) => r.path.startsWith(path));

/** /api/data accepts only the rotated token; /api/auth/refresh-token rotates the cookie's token. */
function rotatingServer(refreshDelayMs = 0) {
  server.handle((req) => {
    if (req.path === '/api/auth/refresh-token') {
      return sessionAlive && req.refreshTransport === 'cookie'
        ? { status: 200, body: { access_token: 'new-access' }, delayMs: refreshDelayMs }
        : { status: 401, body: { message: 'Сессия истекла, войдите снова' } };
    }
    if (req.path.startsWith('/api/data')) {
      return req.authorization === 'Bearer new-access'
        ? { status: 200, body: { path: req.path } }
        : { status: 401, body: { message: 'Требуется авторизация' } };
    }
    return { status: 404 };
  });
}

describe('api client against a real HTTP server', () => {
  it('sends the stored access token as a bearer', async () => {
    server.handle(() => ({ status: 200, body: { ok: true } }));
    await expect(api('/api/plain')).resolves.toEqual({ ok: true });
    expect(server.seen).toEqual([
      { method: 'GET', path: '/api/plain', authorization: 'Bearer old-access', body: '' },
    ]);
  });

  it('on a 401 refreshes exactly once and retries once with the new access token', async () => {
    rotatingServer();
    await expect(api('/api/data/1')).resolves.toEqual({ path: '/api/data/1' });

    expect(calls('/api/auth/refresh-token')).toEqual([
      {
        method: 'POST',
        path: '/api/auth/refresh-token',
        authorization: undefined,
        refreshTransport: 'cookie',
        body: '',
      },
    ]);
    expect(calls('/api/data').map((r) => r.authorization)).toEqual([
      'Bearer old-access',
      'Bearer new-access',
    ]);
    expect(tokenStore.access()).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('exchanges a refresh token an older version stored once, then forgets it', async () => {
    rotatingServer();
    localStorage.setItem('refresh_token', 'legacy-1');
    await expect(api('/api/data/2')).resolves.toEqual({ path: '/api/data/2' });
    expect(calls('/api/auth/refresh-token')).toEqual([
      {
        method: 'POST',
        path: '/api/auth/refresh-token',
        authorization: 'Bearer legacy-1',
        refreshTransport: 'cookie',
        body: '',
      },
    ]);
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('concurrent 401s share one refresh', async () => {
    rotatingServer(200);
    const results = await Promise.all([api('/api/data/a'), api('/api/data/b'), api('/api/data/c')]);

    expect(results).toEqual([{ path: '/api/data/a' }, { path: '/api/data/b' }, { path: '/api/data/c' }]);
    expect(calls('/api/auth/refresh-token')).toHaveLength(1);
    const retried = calls('/api/data').filter((r) => r.authorization === 'Bearer new-access');
    expect(retried.map((r) => r.path).sort()).toEqual(['/api/data/a', '/api/data/b', '/api/data/c']);
    expect(calls('/api/data')).toHaveLength(6);
  });

  it('a failed refresh passes its error on and does not retry', async () => {
    rotatingServer();
    sessionAlive = false;

    const error = await api('/api/data/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorTexts(error)).toEqual(['Сессия истекла, войдите снова']);
    expect(calls('/api/auth/refresh-token')).toHaveLength(1);
    expect(calls('/api/data')).toHaveLength(1);
    expect(tokenStore.access()).toBe('old-access');
  });

  it('a second 401 after the retry is passed on, with no second refresh', async () => {
    server.handle((req) =>
      req.path === '/api/auth/refresh-token'
        ? { status: 200, body: { access_token: 'new-access' } }
        : { status: 401, body: { message: 'Требуется авторизация' } },
    );
    const error = await api('/api/data/y').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(calls('/api/auth/refresh-token')).toHaveLength(1);
    expect(calls('/api/data')).toHaveLength(2);
  });

  it('without a session on the device a 401 is passed on as it is', async () => {
    rotatingServer();
    localStorage.clear();
    const error = await api('/api/data/z').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(calls('/api/auth/refresh-token')).toHaveLength(0);
    expect(server.seen[0]?.authorization).toBeUndefined();
  });

  it('parses the answer with the given schema', async () => {
    const { z } = await import('zod');
    server.handle(() => ({ status: 200, body: { n: 1, extra: true } }));
    await expect(api('/api/plain', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 1 });
  });

  it('loads a schema given as a loader beside the request and parses with it', async () => {
    const { z } = await import('zod');
    server.handle(() => ({ status: 200, body: { n: 1, extra: true } }));
    let loaded = 0;
    const schema = () => {
      loaded += 1;
      return Promise.resolve(z.object({ n: z.number() }));
    };
    await expect(api('/api/plain', { schema })).resolves.toEqual({ n: 1 });
    expect(loaded).toBe(1);
    server.handle(() => ({ status: 200, body: { n: 'one' } }));
    await expect(api('/api/plain', { schema })).rejects.toThrow();
  });

  it('a schema that cannot load fails the call, but a failed request passes its own error on', async () => {
    server.handle(() => ({ status: 200, body: { n: 1 } }));
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(api('/api/plain', { schema: missing })).rejects.toThrow('dynamically imported module');
    // Both failed (as offline with the contract's file not cached): the request's error says why.
    server.handle(() => ({ status: 404, body: { message: 'Не найдено' } }));
    const error = await api('/api/plain', { schema: missing }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
  });
});

describe('error catalogue on real answers', () => {
  const failure = (reply: { status: number; body?: unknown }) => {
    server.handle(() => reply);
    return api('/api/fail').catch((e: unknown) => e);
  };

  it('an errors list gives one text each', async () => {
    const error = await failure({
      status: 409,
      body: {
        errors: ['Пользователь с таким логином уже существует', 'Пользователь с такой почтой уже существует'],
      },
    });
    expect(errorTexts(error)).toEqual([
      'Пользователь с таким логином уже существует',
      'Пользователь с такой почтой уже существует',
    ]);
  });

  it('else the message', async () => {
    expect(errorTexts(await failure({ status: 400, body: { message: 'Неверный адрес почты' } }))).toEqual([
      'Неверный адрес почты',
    ]);
  });

  it("with neither, 'Что-то пошло не так'", async () => {
    expect(errorTexts(await failure({ status: 500 }))).toEqual(['Что-то пошло не так']);
    expect(errorTexts(await failure({ status: 418, body: { other: 1 } }))).toEqual(['Что-то пошло не так']);
    expect(errorTexts(await failure({ status: 409, body: { errors: [] } }))).toEqual(['Что-то пошло не так']);
  });

  it("with no response at all, 'Что-то пошло не так'", async () => {
    const closed = await startHttpServer();
    const origin = closed.origin;
    await closed.close();
    const error = await api(`${origin}/api/gone`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(errorTexts(error)).toEqual(['Что-то пошло не так']);
  });

  it('anything that is not an API error is the generic text too', () => {
    expect(errorTexts(new Error('boom'))).toEqual(['Что-то пошло не так']);
    expect(errorTexts(undefined)).toEqual(['Что-то пошло не так']);
  });
});

describe('api client timeouts', () => {
  it('a call that hangs ends as no answer after its timeout', async () => {
    server.handle(() => ({ status: 200, body: { ok: true }, delayMs: 2_000 }));
    const error = await api('/api/slow', { timeout: 50 }).catch((e: unknown) => e);
    expect(errorStatus(error)).toBeUndefined();
    expect(errorTexts(error)).toEqual(['Что-то пошло не так']);
  });

  it("the caller's signal still aborts it", async () => {
    server.handle(() => ({ status: 200, body: { ok: true }, delayMs: 2_000 }));
    const controller = new AbortController();
    const call = api('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(errorStatus(await call)).toBeUndefined();
  });
});

describe('one error type from every path', () => {
  it('a 429 says how long to wait and that it is temporary; a 409 is final', async () => {
    server.handle((req) =>
      req.path === '/api/busy'
        ? { status: 429, body: { message: 'Слишком много запросов' }, headers: { 'retry-after': '30' } }
        : { status: 409, body: { message: 'Лимит исчерпан' } },
    );
    const busy = await api('/api/busy').catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(ApiError);
    expect(busy).toMatchObject({ status: 429, retryAfterMs: 30_000, final: false });
    const limit = await api('/api/limit').catch((e: unknown) => e);
    expect(limit).toMatchObject({ status: 409, final: true, serverMessage: 'Лимит исчерпан' });
  });
});
