import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { ERROR_TEXT } from '@/shared/messages';
import { type Actors, buildActors, MATRIX } from './authorisation-matrix.entries';
import { file, JPEG, multipart, PNG, upload } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import { setupExam, uploadMultipartRecording, validFields, webm } from './helpers/recordings';
import { as, createTestApp, DATABASES, loginAdmin, type TestApp } from './helpers/test-app';

/** Tables a refused request must leave as they were (throttling state records failures on purpose). */
const GUARDED_TABLES: Array<keyof Database> = [
  'users',
  'teacher_students',
  'files',
  'tasks',
  'task_files',
  'variants',
  'variant_tasks',
  'exams',
  'exam_variants',
  'exam_students',
  'exam_sessions',
  'recordings',
  'comments',
  'recording_grades',
  'upload_parts',
  'mail_queue',
];

/** Routes whose success changes who may call afterwards, or that take no JSON. */
const SKIPPED = new Set([
  'PATCH /api/teacher/password',
  'PATCH /api/student/password',
  'POST /api/teacher/files',
  'POST /api/student/exam/complete',
  'PUT /api/student/uploads/:clientId/parts/:part',
]);

/** What an answer must never show: a stack, a file of the server, an internal error name. */
function expectNoInternals(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(
    /\n\s+at |node_modules|\/server\/|\.ts:\d+|SQLITE_|syntax error at|TypeError|ReferenceError/,
  );
}

/** Strings an attacker tries where an id or a text goes. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e309',
    '99999999999999999999999',
    '0x10',
    'NaN',
    'Infinity',
    '__proto__',
    'constructor',
    'prototype',
    'null',
    'true',
    '[]',
    '{}',
    "1' OR '1'='1",
    '../../etc/passwd',
    '%2e%2e%2f',
    '<script>alert(1)</script>',
    '\u202e\u0000',
    'Ё'.repeat(300),
    '😀'.repeat(50),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);

/** JSON values with the shapes that break naive code: prototype keys, nulls, huge and odd numbers. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1.5, 1e308, ''),
    hostileText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'name', 'files', 'tasks', 'password'),
        fc.string({ maxLength: 8 }),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** A route's path with every `:param` filled by a hostile value. */
const fillPath = (pattern: string, values: string[]) => {
  let i = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
};

describe.each(DATABASES)('ASVS 2.2.1 / 16.5.1: hostile input on every JSON route, on %s', (kind) => {
  let t: TestApp;
  let actors: Actors;
  const routes: Array<{ method: string; url: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { GLOBAL_SEARCH_PER_HOUR: '100000' },
      {
        onRoute: (r) => {
          for (const method of Array.isArray(r.method) ? r.method : [r.method])
            routes.push({ method, url: r.url });
        },
      },
    );
    actors = await buildActors(t.app, await loginAdmin(t.app));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const counts = async () =>
    Promise.all(
      GUARDED_TABLES.map(async (table) => {
        const row = await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        return `${table}:${Number(row.n)}`;
      }),
    );

  /** The token of a role the route lets in (the owner of the world), so input reaches the handler. */
  const tokenFor = (key: string): string | null => {
    const access = MATRIX[key]?.access;
    if (!access || access === 'public') return null;
    if (access.includes('TEACHER')) return actors.teacher.token;
    if (access.includes('STUDENT')) return actors.student.token;
    return actors.admin.token;
  };

  it('never answers 5xx or a stack, and a refused request writes nothing', async () => {
    const targets = routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        !r.url.startsWith('/api/docs') &&
        r.url.startsWith('/api/') &&
        !SKIPPED.has(`${r.method} ${r.url}`),
    );
    expect(targets.length).toBeGreaterThan(50);
    for (const route of targets) {
      const key = `${route.method} ${route.url}`;
      const token = tokenFor(key);
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileText, { minLength: 1, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom('page_size', 'page_number', 'search_string', 'password', '__proto__', 'x'),
            hostileText,
            {
              maxKeys: 3,
            },
          ),
          hostileJson,
          async (params, query, body) => {
            const before = await counts();
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const withBody = route.method !== 'GET' && route.method !== 'DELETE';
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: `${fillPath(route.url, params)}${qs ? `?${qs}` : ''}`,
              headers: {
                ...(withBody ? { 'content-type': 'application/json' } : {}),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              ...(withBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
            });
            expectNoInternals(res, key);
            if (res.statusCode >= 400)
              expect(await counts(), `${key} ${res.statusCode} wrote rows`).toEqual(before);
          },
        ),
        { numRuns: 8 },
      );
    }
  }, 120_000);

  it('ASVS 15.3.6: prototype keys in a body neither pollute objects nor get stored', async () => {
    const res = await as(
      t.app,
      actors.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/task',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"name":"Прототип","text":"","duration":5,"preparationDuration":0,"type":"TEXT_TASK","files":[],' +
        '"__proto__":{"polluted":true,"role":"ADMIN"},"constructor":{"prototype":{"polluted":true}}}',
    });
    // Fastify refuses a body with __proto__ outright; either way nothing is polluted.
    expect([200, 400]).toContain(res.statusCode);
    expectNoInternals(res, 'prototype keys');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('role');
  });
});

describe('ASVS 5.2.2: hostile multipart uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses truncated bodies, lying types and empty files, storing nothing', async () => {
    const s = await setupExam(t.app);
    const before = (await t.storedObjects()).length;

    // A body cut off in the middle of the file part.
    const whole = multipart([file('картинка.png', Buffer.concat([PNG, Buffer.alloc(5000)]), 'image/png')]);
    const truncated = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/files?page_size=10&page_number=0',
      headers: whole.headers,
      payload: whole.payload.subarray(0, 300),
    });
    expectNoInternals(truncated, 'truncated upload');
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);

    // HTML sent as an image: the bytes decide, not the declared type.
    const lying = await upload(t.app, s.teacher, [
      file('фото.png', '<html><script>alert(1)</script></html>', 'image/png'),
    ]);
    expect(lying.statusCode).toBe(415);

    // An empty file with a name is refused with its line.
    const empty = await upload(t.app, s.teacher, [file('пусто.png', Buffer.alloc(0), 'image/png')]);
    expectNoInternals(empty, 'empty file');
    expect(empty.statusCode).toBe(415);

    // A recording that is not audio, an empty one, and one cut off.
    const notAudio = await uploadMultipartRecording(
      t.app,
      s.student,
      validFields(s),
      Buffer.from('<html></html>'),
    );
    expect(notAudio.statusCode).toBe(415);
    const emptyAudio = await uploadMultipartRecording(t.app, s.student, validFields(s), Buffer.alloc(0));
    expectNoInternals(emptyAudio, 'empty recording');
    expect(emptyAudio.statusCode).toBeGreaterThanOrEqual(400);
    const body = multipart([
      { name: 'audio', filename: 'blob', contentType: 'audio/webm', data: webm(8000) },
      { name: 'examID', data: String(s.exam.id) },
    ]);
    const cut = await as(
      t.app,
      s.student,
    )({
      method: 'POST',
      url: '/api/student/exam/complete',
      headers: body.headers,
      payload: body.payload.subarray(0, 4000),
    });
    expectNoInternals(cut, 'truncated recording');
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);

    expect(await t.storedObjects()).toHaveLength(before);
  });

  it('stores a polyglot (an image that is also HTML) harmlessly: served as the image, nosniff, sandboxed', async () => {
    const s = await setupExam(t.app);
    const polyglot = Buffer.concat([
      JPEG,
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const res = await upload(t.app, s.teacher, [file('картинка.html', polyglot, 'text/html')]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (res.json().files as Array<{ name: string; type: string; access: string }>)[0];
    expect(stored.type).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: stored.access });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['content-disposition']).toMatch(/filename/);
  });
});

describe.each(DATABASES)('ASVS 4.2: deeply nested JSON bodies, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('answers 400 at once, without a login and without a stack overflow', async () => {
    const bodies = {
      'arrays × 200 000': `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
      'objects × 100 000': `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
      'arrays × 200 000 inside a login': `{"username":"x","password":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    };
    for (const [what, payload] of Object.entries(bodies)) {
      for (const url of ['/api/auth/authenticate', '/api/auth/register/student']) {
        const started = performance.now();
        const res = await send(url, payload);
        const ms = performance.now() - started;
        expectNoInternals(res, `${what} to ${url}`);
        expect(expectError(res, 400), `${what} to ${url}`).toEqual([ERROR_TEXT.badRequest]);
        expect(ms, `${what} to ${url}`).toBeLessThan(1000);
      }
    }
  });

  it('refuses nesting deeper than any body of the API, and takes ordinary nesting', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deep = await send('/api/auth/authenticate', `{"username":"x","password":${nested(40)}}`);
    expect(expectError(deep, 400)).toEqual([ERROR_TEXT.badRequest]);
    // Shallow nesting reaches validation, which explains what is wrong with the field.
    const shallow = await send('/api/auth/authenticate', `{"username":"x","password":${nested(3)}}`);
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().message).not.toBe(ERROR_TEXT.badRequest);
    const wide = await send(
      '/api/auth/authenticate',
      JSON.stringify({ username: 'x', password: 'y', pad: Array(50_000).fill(0) }),
    );
    expect(wide.statusCode).toBe(403);
  });
});
