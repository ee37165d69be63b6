import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { createTestApp, DATABASES, registerAndLogin, type TestApp } from './helpers/test-app';

const COOKIE = 'ustno_refresh';
/** The test app's PUBLIC_URL is http://ustno.test. */
const OWN_ORIGIN = 'http://ustno.test';

function refreshCookie(res: LightMyRequestResponse) {
  return (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === COOKIE);
}

describe.each(DATABASES)('cookie endpoints check where a request comes from on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A session held the way our client holds it: the refresh token in the cookie only. */
  async function cookieSession(): Promise<string> {
    const s = await registerAndLogin(t.app, 'student');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: s.fields.username, password: s.fields.password },
      headers: { 'x-refresh-transport': 'cookie' },
    });
    return refreshCookie(res)?.value as string;
  }

  const post = (url: string, cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, cookies: { [COOKIE]: cookie }, headers });

  describe.each(['/api/auth/refresh-token', '/api/auth/logout'])('%s with the cookie', (url) => {
    it.each<[string, Record<string, string>]>([
      ['another site’s Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['another site’s Origin alone', { origin: 'https://evil.example' }],
      [
        'a sibling subdomain (same-site)',
        { origin: 'http://files.ustno.test', 'sec-fetch-site': 'same-site' },
      ],
      ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site alone', { 'sec-fetch-site': 'same-site' }],
      ['our Origin but Sec-Fetch-Site: cross-site', { origin: OWN_ORIGIN, 'sec-fetch-site': 'cross-site' }],
      ['an opaque Origin (null)', { origin: 'null' }],
      ['our host on another port', { origin: 'http://ustno.test:8443' }],
    ])('V3.5.1 from %s: 403, the cookie neither used nor cleared', async (_label, headers) => {
      const cookie = await cookieSession();
      const res = await post(url, cookie, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: ERROR_TEXT.foreignOrigin });
      expect(refreshCookie(res)).toBeUndefined();
      // The session is whole: the cookie still rotates from our own page.
      const own = await post('/api/auth/refresh-token', cookie, {
        origin: OWN_ORIGIN,
        'sec-fetch-site': 'same-origin',
      });
      expect(own.statusCode).toBe(200);
    });

    it.each<[string, Record<string, string>]>([
      // What the page (rotateStoredTokens) and the service worker send: a same-origin fetch.
      ['the app’s own page or worker', { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' }],
      ['PUBLIC_URL’s origin without Sec-Fetch-Site (an older browser)', { origin: OWN_ORIGIN }],
      [
        'the request’s own host (the app opened by another name)',
        { host: 'school.local:8080', origin: 'http://school.local:8080', 'sec-fetch-site': 'same-origin' },
      ],
      ['neither header (an old client, curl)', {}],
      ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ])('V3.5.1 from %s: accepted', async (_label, headers) => {
      const cookie = await cookieSession();
      const res = await post(url, cookie, headers);
      expect(res.statusCode).toBe(url.endsWith('logout') ? 204 : 200);
    });
  });

  it('V3.5.1 a refresh token sent as the bearer (a client written to the spec) is not checked: no cookie, no forgery', async () => {
    const s = await registerAndLogin(t.app, 'teacher');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: {
        authorization: `Bearer ${s.refresh}`,
        origin: 'https://other-client.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('V3.5.1 a cross-site logout leaves the session alive', async () => {
    const cookie = await cookieSession();
    const res = await post('/api/auth/logout', cookie, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await post('/api/auth/refresh-token', cookie, {})).statusCode).toBe(200);
  });
});
