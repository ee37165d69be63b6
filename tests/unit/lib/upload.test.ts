// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionSource } from '../../../src/lib/api-client';
import { errorTexts } from '../../../src/lib/api-errors';
import { uploadForm } from '../../../src/lib/upload';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../helpers/http-server';

let server: TestHttpServer;
let restoreFetch: () => void;
let access = 'old-access';
let refreshes = 0;

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  // As in the service worker: no page storage, a session of its own.
  setSessionSource({
    accessToken: () => access,
    canRefresh: () => true,
    refresh: async () => {
      refreshes += 1;
      access = 'new-access';
    },
  });
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  server.seen.length = 0;
  access = 'old-access';
  refreshes = 0;
});

const form = () => {
  const f = new FormData();
  f.append('clientId', 'c-1');
  return f;
};

describe('uploadForm without XMLHttpRequest (the service worker)', () => {
  it('shares the session rule: a 401 renews once and sends the form again with the new bearer', async () => {
    server.handle((req) =>
      req.authorization === 'Bearer new-access'
        ? { status: 200, body: { id: 7 } }
        : { status: 401, body: { message: 'Требуется авторизация' } },
    );
    await expect(uploadForm('/api/upload', form)).resolves.toEqual({ id: 7 });
    expect(refreshes).toBe(1);
    expect(server.seen.map((r) => r.authorization)).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(server.seen[1]?.body).toContain('c-1');
  });

  it("a refusal carries the server's message", async () => {
    server.handle(() => ({ status: 409, body: { message: 'Экзамен уже сдан' } }));
    const error = await uploadForm('/api/upload', form).catch((e: unknown) => e);
    expect(errorTexts(error)).toEqual(['Экзамен уже сдан']);
    expect(refreshes).toBe(0);
  });
});
