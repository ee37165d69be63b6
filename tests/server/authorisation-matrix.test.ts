import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@/shared/roles';
import {
  type Actors,
  buildActors,
  CASES,
  type Ids,
  MATRIX,
  type MatrixEntry,
} from './authorisation-matrix.entries';
import { settled } from './helpers/event-stream';
import { createTestApp, DATABASES, loginAdmin, type TestApp } from './helpers/test-app';
import { signAccessToken, TEST_JWT_SECRET } from './helpers/tokens';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** Every route the app registered, as `METHOD /path`; HEAD is Fastify's twin of each GET. */
function routeKeys(routes: Array<{ method: string | string[]; url: string }>): string[] {
  const keys = routes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`),
  );
  return [...new Set(keys.filter((k) => !k.startsWith('HEAD ')))].sort();
}

/** Ids nobody has: the "missing" twin of an entry's request. */
const missing = (ids: Ids): Ids =>
  Object.fromEntries(Object.entries(ids).map(([k], i) => [k, 2_000_000_000 + i]));

/** The body with the request's ids blanked, so a foreign id's answer compares to a missing one's. */
function normalised(res: LightMyRequestResponse, ids: Ids): string {
  let body = res.body;
  for (const id of Object.values(ids)) body = body.replaceAll(String(id), '<id>');
  return body;
}

interface Caller {
  name: string;
  role: Role | null;
  token: () => string | null;
  /** The account whose token it is (a password change hands it a new one). */
  account?: () => { token: string };
  /** The owner of the entry's objects when the entry names the role's owner. */
  isOwner?: boolean;
  isOther?: boolean;
}

describe.each(DATABASES)('ASVS 8.2.1 / 8.2.2: the authorisation matrix of every route on %s', (kind) => {
  let t: TestApp;
  let actors: Actors;
  let expired: string;
  const routes: Array<{ method: string | string[]; url: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { JWT_SECRET: TEST_JWT_SECRET, GLOBAL_SEARCH_PER_HOUR: '100000' },
      { onRoute: (r) => routes.push({ method: r.method, url: r.url }) },
    );
    actors = await buildActors(t.app, await loginAdmin(t.app));
    expired = await signAccessToken(
      { sub: String(actors.teacher.id), role: 'TEACHER' },
      { expiresAt: Math.floor(Date.now() / 1000) - 60 },
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has an entry for every route of the app, and no entry for a route that is gone', () => {
    const keys = routeKeys(routes);
    expect(keys.length).toBeGreaterThan(50);
    expect(
      keys.filter((k) => !(k in MATRIX)),
      'routes without an entry in authorisation-matrix.entries.ts',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((k) => !keys.includes(k)),
      'entries of routes the app does not have',
    ).toEqual([]);
  });

  const callers = (entry: MatrixEntry): Caller[] => {
    const list: Caller[] = [
      { name: 'no token', role: null, token: () => null },
      { name: 'an expired token', role: null, token: () => expired },
      { name: 'the admin', role: 'ADMIN', token: () => actors.admin.token, account: () => actors.admin },
      {
        name: 'another teacher',
        role: 'TEACHER',
        token: () => actors.otherTeacher.token,
        account: () => actors.otherTeacher,
        isOther: entry.owner === 'TEACHER',
      },
      {
        name: 'another student',
        role: 'STUDENT',
        token: () => actors.otherStudent.token,
        account: () => actors.otherStudent,
        isOther: entry.owner === 'STUDENT',
      },
      // The owners come last: their call may delete what the request names.
      {
        name: 'the student',
        role: 'STUDENT',
        token: () => actors.student.token,
        account: () => actors.student,
        isOwner: true,
      },
      {
        name: 'the teacher',
        role: 'TEACHER',
        token: () => actors.teacher.token,
        account: () => actors.teacher,
        isOwner: true,
      },
    ];
    return list;
  };

  const entries = [...Object.entries(MATRIX), ...Object.entries(CASES)].sort(
    ([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false),
  );

  it.each(entries)('%s', async (key, entry) => {
    const method = key.split(' ')[0] as Method;
    const ids = entry.prepare ? await entry.prepare(actors) : {};
    const send = async (token: string | null, req: ReturnType<MatrixEntry['request']>) => {
      const res = await t.app.inject({
        method,
        url: req.url,
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
        headers: { ...(req.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(req.stream ? { payloadAsStream: true } : {}),
      });
      return req.stream ? settled(res) : res;
    };
    const allowed = (role: Role | null) =>
      entry.access === 'public' || (role !== null && entry.access.includes(role));

    const outcomes: string[] = [];
    for (const caller of callers(entry)) {
      const token = caller.token();
      let expected: number | 'like missing';
      if (entry.access === 'public') expected = entry.ok;
      else if (caller.role === null) expected = 401;
      else if (!allowed(caller.role)) expected = 403;
      else if (caller.isOther) expected = entry.other ?? 'like missing';
      else expected = entry.ok;

      if (expected === 'like missing') {
        // A foreign id answers exactly as an id nobody has (status and body, ids aside).
        const owner = caller.role === 'TEACHER' ? actors.teacher : actors.student;
        const absent = await send(owner.token, entry.request(missing(ids), actors));
        const foreign = await send(token, entry.request(ids, actors));
        expect(foreign.statusCode, `${caller.name}: ${foreign.body}`).toBeGreaterThanOrEqual(400);
        expect(foreign.statusCode, `${caller.name}: ${foreign.body}`).toBe(absent.statusCode);
        expect(normalised(foreign, ids), caller.name).toBe(normalised(absent, missing(ids)));
        outcomes.push(`${caller.name}: ${foreign.statusCode}`);
        continue;
      }
      const res = await send(token, entry.request(ids, actors));
      expect(res.statusCode, `${key} as ${caller.name}: ${res.body.slice(0, 300)}`).toBe(expected);
      outcomes.push(`${caller.name}: ${res.statusCode}`);
      // A password change ends the caller's other sessions and answers a new one.
      const renewed =
        entry.renewsSession && res.statusCode === 200
          ? (res.json() as { access_token?: unknown }).access_token
          : undefined;
      if (typeof renewed === 'string' && caller.account) caller.account().token = renewed;
    }
    expect(outcomes).toHaveLength(7);
  });
});
