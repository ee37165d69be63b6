import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBlob } from '@/lib/api-client';
import { errorTexts } from '@/lib/api-errors';
import { tokenStore } from '@/lib/tokens';

interface Seen {
  url: string;
  authorization: string | null;
}

/** Whether the refresh cookie still works (fetch is faked, so no real cookie travels). */
let sessionAlive = true;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers like the server: the zip only to the rotated access token. */
function fakeServer(seen: Seen[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const authorization = headers.get('authorization');
    seen.push({ url, authorization });
    if (url.endsWith('/api/auth/refresh-token')) {
      return sessionAlive &&
        headers.get('x-refresh-transport') === 'cookie' &&
        init?.credentials === 'same-origin'
        ? json(200, { access_token: 'new-access' })
        : json(401, { message: 'Сессия истекла, войдите снова' });
    }
    if (url.endsWith('/api/teacher/exam/5/audios')) {
      return authorization === 'Bearer new-access'
        ? new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
            status: 200,
            headers: { 'content-type': 'application/zip' },
          })
        : json(401, { message: 'Требуется авторизация' });
    }
    return json(404, { message: 'Экзамен не найден' });
  });
}

describe('apiBlob', () => {
  let seen: Seen[];

  beforeEach(() => {
    localStorage.clear();
    seen = [];
    tokenStore.set({ access_token: 'old-access' });
    sessionAlive = true;
    vi.stubGlobal('fetch', fakeServer(seen));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on a 401 refreshes once and retries with the new access token', async () => {
    const blob = await apiBlob('/api/teacher/exam/5/audios');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(seen.map((s) => [s.url.replace(/^https?:\/\/[^/]+/, ''), s.authorization])).toEqual([
      ['/api/teacher/exam/5/audios', 'Bearer old-access'],
      ['/api/auth/refresh-token', null],
      ['/api/teacher/exam/5/audios', 'Bearer new-access'],
    ]);
    expect(tokenStore.access()).toBe('new-access');
  });

  it('a failed answer goes through the error catalogue', async () => {
    tokenStore.set({ access_token: 'new-access' });
    const error = await apiBlob('/api/teacher/exam/6/audios').catch((e: unknown) => e);
    expect(errorTexts(error)).toEqual(['Экзамен не найден']);
  });

  it('a failed refresh is passed on', async () => {
    sessionAlive = false;
    await expect(apiBlob('/api/teacher/exam/5/audios')).rejects.toBeTruthy();
    expect(seen.filter((s) => s.url.endsWith('/api/teacher/exam/5/audios'))).toHaveLength(1);
  });

  it('no answer at all is the catalogue’s generic text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiBlob('/api/teacher/exam/5/audios').catch((e: unknown) => e);
    expect(errorTexts(error)).toEqual(['Что-то пошло не так']);
  });
});
