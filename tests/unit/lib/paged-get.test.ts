import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getPage } from '@/lib/paged-get';
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
  server.handle(() => ({ status: 200, body: { page: 1, pages: 3, things: [{ id: 7, extra: 'x' }] } }));
});

const schema = z.object({
  page: z.number(),
  pages: z.number(),
  things: z.array(z.object({ id: z.number() })),
});

describe('getPage', () => {
  it('asks for the page and its size, and gives the parsed array as items', async () => {
    const page = await getPage('/api/things', 'things', schema, { page: 1, pageSize: 5 });
    expect(server.seen.map((r) => r.path)).toEqual(['/api/things?page_size=5&page_number=1']);
    expect(page).toEqual({ page: 1, pages: 3, items: [{ id: 7 }] });
  });

  it('goes to /search with the search text, and not for an empty one', async () => {
    await getPage('/api/things', 'things', schema, { page: 0, pageSize: 10, search: 'кот' });
    await getPage('/api/things', 'things', schema, { page: 0, pageSize: 10, search: '' });
    expect(server.seen.map((r) => decodeURIComponent(r.path))).toEqual([
      '/api/things/search?page_size=10&page_number=0&search_string=кот',
      '/api/things?page_size=10&page_number=0',
    ]);
  });

  it('rejects an answer that does not match the schema', async () => {
    server.handle(() => ({ status: 200, body: { page: 0, pages: 1 } }));
    await expect(getPage('/api/things', 'things', schema, { page: 0, pageSize: 5 })).rejects.toThrow();
  });
});
