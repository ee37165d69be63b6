import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { expectError, expectMessage } from './helpers/expect-error';
import {
  as,
  createTestApp,
  DATABASES,
  loginAdmin,
  registerAndLogin,
  userFields,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const LONG = 'ы'.repeat(10_000);

/** Every authentication and admin call that takes a JSON body. */
interface BodyRoute {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  admin: boolean;
  /** A valid body (fresh names each time, so a valid request never collides). */
  body: (ctx: { studentId: number; teacherId: number }) => Record<string, unknown>;
}

const BODY_ROUTES: BodyRoute[] = [
  {
    name: 'register teacher',
    method: 'POST',
    url: '/api/auth/register/teacher',
    admin: false,
    body: () => ({ ...userFields(), role: 'ROLE_TEACHER' }),
  },
  {
    name: 'register student',
    method: 'POST',
    url: '/api/auth/register/student',
    admin: false,
    body: () => ({ ...userFields(), role: 'ROLE_STUDENT' }),
  },
  {
    name: 'authenticate',
    method: 'POST',
    url: '/api/auth/authenticate',
    admin: false,
    body: () => ({ username: 'somebody', password: 'Ustno-test-pass-1' }),
  },
  {
    name: 'recover',
    method: 'POST',
    url: '/api/auth/recover',
    admin: false,
    body: () => ({ email: 'somebody@example.ru' }),
  },
  {
    name: 'complete recovery',
    method: 'POST',
    url: `/api/auth/recover/${'A'.repeat(43)}`,
    admin: false,
    body: () => ({ password: 'Ustno-test-pass-1' }),
  },
  {
    name: 'create student',
    method: 'POST',
    url: '/api/admin/student',
    admin: true,
    body: () => userFields(),
  },
  {
    name: 'create teacher',
    method: 'POST',
    url: '/api/admin/teacher',
    admin: true,
    body: () => userFields(),
  },
  {
    name: 'edit student',
    method: 'PATCH',
    url: '/api/admin/student',
    admin: true,
    body: ({ studentId }) => ({ ...userFields(), id: studentId }),
  },
  {
    name: 'edit teacher',
    method: 'PATCH',
    url: '/api/admin/teacher',
    admin: true,
    body: ({ teacherId }) => ({ ...userFields(), id: teacherId }),
  },
];

const PAGED_URLS = [
  '/api/admin/students',
  '/api/admin/teachers',
  '/api/admin/students/search',
  '/api/admin/teachers/search',
  '/api/admin/metrics/logins/{student}',
  '/api/admin/metrics/recoveries/{student}',
];

/** Odd values for any field: the answer may be a success or a 4xx, never a 5xx. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  [],
  {},
  ['a', 'b'],
  { nested: { deeper: 'x' } },
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '😀'.repeat(40),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%_\\',
  'Ёё'.repeat(30),
  '\ud800',
  LONG,
];

describe.each(DATABASES)('bad input on %s', (kind) => {
  let t: TestApp;
  let admin: Caller;
  let ids: { studentId: number; teacherId: number };
  beforeAll(async () => {
    // Throttling is tested elsewhere: here it must not turn the many failed logins into 429s.
    t = await createTestApp(kind, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    });
    admin = await loginAdmin(t.app);
    ids = {
      studentId: (await registerAndLogin(t.app, 'student')).id,
      teacherId: (await registerAndLogin(t.app, 'teacher')).id,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (route: BodyRoute, opts: Omit<InjectOptions, 'method' | 'url'>) =>
    as(t.app, route.admin ? admin : null)({ method: route.method, url: route.url, ...opts });
  const sendJson = (route: BodyRoute, body: unknown) =>
    send(route, { payload: JSON.stringify(body), headers: json });
  const json = { 'content-type': 'application/json' };

  describe.each(BODY_ROUTES)('$method $url ($name)', (route) => {
    it('accepts its valid body (the cases below differ from it in one point)', async () => {
      const res = await sendJson(route, route.body(ids));
      // Authenticate and recovery completion answer 403/404 to a well-formed body for nobody.
      expect([200, 403, 404]).toContain(res.statusCode);
      if (res.statusCode !== 200) expectError(res, res.statusCode);
    });

    it.each(['{"username": ', '{bad json}', "{'a': 1}", '{"a": 1,}', '\u0000'])(
      'answers 400 to malformed JSON %j',
      async (payload) => {
        expectMessage(await send(route, { payload, headers: json }), 400, ERROR_TEXT.malformedJson);
      },
    );

    it('answers 400 to an empty JSON body', async () => {
      expectMessage(await send(route, { payload: '', headers: json }), 400, ERROR_TEXT.malformedJson);
    });

    it('answers 400 to a prototype-polluting body', async () => {
      const payload = `{"__proto__": {"role": "ADMIN"}, ${JSON.stringify(route.body(ids)).slice(1)}`;
      expectError(await send(route, { payload, headers: json }), 400);
    });

    it.each([[[]], ['text'], [42], [null], [true]])('answers 400 to the JSON body %j', async (body) => {
      expectMessage(await sendJson(route, body), 400, ERROR_TEXT.badRequest);
    });

    it('answers 400 without any body', async () => {
      expectMessage(await send(route, {}), 400, ERROR_TEXT.badRequest);
    });

    it.each([
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'text/html; charset=utf-8',
      'image/png',
    ])('answers 415 to content type %s', async (contentType) => {
      const res = await send(route, {
        payload: JSON.stringify(route.body(ids)),
        headers: { 'content-type': contentType },
      });
      expectMessage(res, 415, ERROR_TEXT.unsupportedMediaType);
    });

    it('answers 413 to a body over 1 MiB', async () => {
      const body = { ...route.body(ids), padding: 'x'.repeat(1024 * 1024 + 1) };
      expectMessage(await sendJson(route, body), 413, ERROR_TEXT.payloadTooLarge);
    });

    it('ignores fields it does not know', async () => {
      const res = await sendJson(route, {
        ...route.body(ids),
        role2: 'ADMIN',
        isAdmin: true,
        extra: { a: [1] },
      });
      expect([200, 403, 404]).toContain(res.statusCode);
    });

    it('answers 400 with a message to a 10 000-character value in each field', async () => {
      for (const field of Object.keys(route.body(ids))) {
        const res = await sendJson(route, {
          ...route.body(ids),
          [field]: field === 'id' ? '9'.repeat(10_000) : LONG,
        });
        expectError(res, 400);
      }
    });

    it('answers 400 to U+0000 in any text field (PostgreSQL cannot store it)', async () => {
      for (const field of Object.keys(route.body(ids))) {
        if (field === 'id' || field === 'role') continue;
        const body = route.body(ids);
        const res = await sendJson(route, { ...body, [field]: `${String(body[field]).slice(0, 3)}\u0000x` });
        expectMessage(res, 400, ERROR_TEXT.badRequest);
      }
    });

    it('answers 400 when a required field is missing', async () => {
      const optional = new Set(['patronymic', ...(route.method === 'PATCH' ? ['password'] : [])]);
      for (const field of Object.keys(route.body(ids)).filter((f) => !optional.has(f))) {
        const body = route.body(ids);
        delete body[field];
        expectError(await sendJson(route, body), 400);
      }
    });

    it('never answers 5xx, whatever odd value a field holds', async () => {
      for (const field of Object.keys(route.body(ids))) {
        for (const value of ODD_VALUES) {
          const res = await sendJson(route, { ...route.body(ids), [field]: value });
          expect(
            res.statusCode,
            `${field} = ${JSON.stringify(value).slice(0, 40)}: ${res.body}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400) expectError(res, res.statusCode);
        }
      }
    });
  });

  describe('POST /api/auth/refresh-token', () => {
    it('answers 415 to a text body and 400 to malformed JSON', async () => {
      const url = '/api/auth/refresh-token';
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'hello',
        headers: { 'content-type': 'text/plain', authorization: 'Bearer abc' },
      });
      expectMessage(res, 415, ERROR_TEXT.unsupportedMediaType);
      const bad = await t.app.inject({
        method: 'POST',
        url,
        payload: '{',
        headers: { ...json, authorization: 'Bearer abc' },
      });
      expectMessage(bad, 400, ERROR_TEXT.malformedJson);
    });
  });

  describe.each(PAGED_URLS)('GET %s', (template) => {
    const url = (query: string) => `${template.replace('{student}', String(ids.studentId))}?${query}`;
    const get = (query: string) => as(t.app, admin)({ method: 'GET', url: url(query) });

    it.each(['page_size=1&page_number=0', 'page_size=100&page_number=0', 'page_size=5&page_number=1000000'])(
      'accepts %s',
      async (query) => {
        const res = await get(query);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ page: expect.any(Number), pages: expect.any(Number) });
      },
    );

    it.each([
      'page_size=0&page_number=0',
      'page_size=1000&page_number=0',
      'page_size=101&page_number=0',
      'page_size=-5&page_number=0',
      'page_size=1.5&page_number=0',
      'page_size=abc&page_number=0',
      'page_size=&page_number=0',
      'page_number=0',
      'page_size=5&page_number=-1',
      'page_size=5&page_number=-100',
      'page_size=5&page_number=0.5',
      'page_size=5&page_number=x',
      'page_size=5',
      'page_size=5&page_number=1000001',
      'page_size=5&page_number=1e400',
      'page_size=5&page_size=6&page_number=0',
      `page_size=${'9'.repeat(10_000)}&page_number=0`,
      'page_size=5&page_number=%00',
    ])('answers 400 with a message to %s', async (query) => {
      expectError(await get(query), 400);
    });

    it('answers 401 without a token, before looking at the query', async () => {
      expectMessage(
        await t.app.inject({ method: 'GET', url: url('page_size=0&page_number=-1') }),
        401,
        ERROR_TEXT.unauthorized,
      );
    });
  });

  describe.each(['/api/admin/students/search', '/api/admin/teachers/search'])('GET %s', (path) => {
    const get = (search: string) =>
      as(
        t.app,
        admin,
      )({
        method: 'GET',
        url: `${path}?page_size=5&page_number=0&search_string=${encodeURIComponent(search)}`,
      });

    it('answers 400 to a 10 000-character search string and to U+0000', async () => {
      expectError(await get(LONG), 400);
      expectMessage(await get('ab\u0000'), 400, ERROR_TEXT.badRequest);
    });

    it.each(['%ED%A0%80', '%', '%E0%A4%A', '%FF'])(
      'survives the undecodable search_string %s',
      async (raw) => {
        const res = await as(
          t.app,
          admin,
        )({ method: 'GET', url: `${path}?page_size=5&page_number=0&search_string=${raw}` });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expectError(res, res.statusCode);
      },
    );

    it('answers 400 to a repeated search_string', async () => {
      const res = await as(
        t.app,
        admin,
      )({
        method: 'GET',
        url: `${path}?page_size=5&page_number=0&search_string=a&search_string=b`,
      });
      expectError(res, 400);
    });

    it.each(['%', '_', '\\', "'; DROP TABLE users; --", '😀', '   ', 'ё'.repeat(200)])(
      'searches for %j without failing',
      async (search) => {
        const res = await get(search);
        expect(res.statusCode).toBe(200);
        expect(res.json().page).toBe(0);
      },
    );
  });

  describe.each([
    '/api/admin/students/{id}',
    '/api/admin/teachers/{id}',
    '/api/admin/metrics/logins/{id}?page_size=5&page_number=0',
    '/api/admin/metrics/recoveries/{id}?page_size=5&page_number=0',
  ])('GET %s', (template) => {
    it.each([
      'abc',
      '0',
      '-1',
      '1.5',
      '2147483648',
      '1e400',
      '%00',
      '%20',
      '9'.repeat(10_000),
      '%E0%A4%A',
      '%',
    ])('answers 400 with a message to the id %j', async (id) => {
      const res = await as(t.app, admin)({ method: 'GET', url: template.replace('{id}', id) });
      expectError(res, 400);
    });
  });

  it('answers 400 to a recovery link that cannot be a token, however it is malformed', async () => {
    for (const token of ['%E0%A4%A', '%00'.repeat(20), 'ы'.repeat(30), 'a'.repeat(200)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth/recover/${token}`,
        payload: { password: 'Ustno-test-pass-1' },
      });
      expectError(res, 400);
    }
  });

  it('answers 401 to a 10 000-character bearer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics',
      headers: { authorization: `Bearer ${'q'.repeat(10_000)}` },
    });
    expectMessage(res, 401, ERROR_TEXT.unauthorized);
  });

  it.each<[InjectOptions['method'], string]>([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/admin'],
    ['DELETE', '/api/admin/student'],
    ['PUT', '/api/auth/authenticate'],
    ['GET', '/api/auth/authenticate'],
    ['POST', '/api/auth/register'],
  ])('answers 404 with a Russian message to %s %s', async (method, url) => {
    expectMessage(await as(t.app, admin)({ method, url }), 404, ERROR_TEXT.notFound);
  });
});
