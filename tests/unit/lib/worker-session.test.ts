// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorStatus } from '@/lib/api-client';
import { createWorkerSession } from '@/lib/worker-session';
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
  server.seen.length = 0;
});

/** An access token as the server signs it; only its payload matters here. */
const accessFor = (sub: string) =>
  `h.${Buffer.from(JSON.stringify({ sub, role: 'STUDENT' })).toString('base64url')}.s`;

describe("the service worker's session", () => {
  it('gets an access token with the refresh cookie, without a bearer, and knows whose it is', async () => {
    server.handle(() => ({ status: 200, body: { access_token: accessFor('17') } }));
    const session = createWorkerSession();
    expect(session.userId()).toBeNull();
    await session.refresh();
    expect(server.seen).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/refresh-token', authorization: undefined }),
    ]);
    expect(session.accessToken()).toBe(accessFor('17'));
    expect(session.userId()).toBe('17');
  });

  it('with no session on the device (a 401) holds no token and says so', async () => {
    server.handle(() => ({ status: 200, body: { access_token: accessFor('17') } }));
    const session = createWorkerSession();
    await session.refresh();
    server.handle(() => ({ status: 401, body: { message: 'Сессия истекла, войдите снова' } }));
    const error = await session.refresh().catch((e: unknown) => e);
    expect(errorStatus(error)).toBe(401);
    expect(session.accessToken()).toBeNull();
    expect(session.userId()).toBeNull();
  });

  it('a 502 on the refresh keeps the session (a temporary failure: the sync event is tried again)', async () => {
    server.handle(() => ({ status: 200, body: { access_token: accessFor('17') } }));
    const session = createWorkerSession();
    await session.refresh();
    server.handle(() => ({ status: 502, body: { message: 'Bad gateway' } }));
    const error = await session.refresh().catch((e: unknown) => e);
    expect(errorStatus(error)).toBe(502);
    expect(session.userId()).toBe('17');
  });
});
