import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { startTestBucket } from './s3';
import { TEST_JWT_SECRET } from './tokens';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A database, or SQLite with media in an S3 bucket (a real S3-protocol server on loopback). */
export type Backend = DatabaseKind | 'sqlite+s3';

/** For tests of stored media: every database with the local folder, and S3 once. */
export const STORAGE_BACKENDS: Backend[] = [...DATABASES, 'sqlite+s3'];

export const ADMIN = { username: 'admin', password: 'Ustno-admin-pass-1' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Keys of every stored object, wherever the app keeps them. */
  storedObjects(): Promise<string[]>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database per app, dropped afterwards, so test files run in parallel. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `ustno_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // pg's pool reports itself ended while its sockets are still closing; forcing the drop at
        // once would kill them mid-close and surface as an unhandled "terminating connection".
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}${attempt < 50 ? '' : ' WITH (FORCE)'}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** Every object under DATA_DIR/storage, as keys (paths relative to it). */
async function localObjects(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'storage');
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

export interface TestAppOptions {
  /**
   * Build on this existing folder instead of a fresh one (to rebuild an app on the same data);
   * the caller owns it, so close() leaves it in place.
   */
  dataDir?: string;
  /** Passed to buildApp: told of every route. */
  onRoute?: BuildOptions['onRoute'];
}

export async function createTestApp(
  kind: Backend,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-test-')));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : null;
  const bucket = kind === 'sqlite+s3' ? await startTestBucket(dataDir) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-static'),
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://ustno.test',
    // Every test registers from inject's one address; the tests of these limits set their own.
    REGISTRATIONS_PER_HOUR: '100000',
    RECOVERIES_PER_HOUR: '100000',
    // With DATABASE_URL the start refuses without a JWT_SECRET (none is generated into the database).
    ...(pgDb ? { DATABASE_URL: pgDb.url, JWT_SECRET: TEST_JWT_SECRET } : {}),
    ...(bucket ? bucket.env : {}),
    ...env,
  });
  const app = await buildApp(config, { logger: false, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    storedObjects: () => (bucket ? bucket.keys() : localObjects(dataDir)),
    async close() {
      await app.close();
      await bucket?.close();
      await pgDb?.drop();
      if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Caller {
  token: string;
  refresh: string;
  id: number;
}

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export function userFields(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('u');
  return {
    username,
    email: `${username}@example.ru`,
    password: 'Ustno-test-pass-1',
    name: 'Иван',
    surname: 'Петров',
    patronymic: 'Сергеевич',
    ...overrides,
  };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<Caller> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/authenticate',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const role = await app.inject({
    method: 'GET',
    url: '/api/auth/role',
    headers: { authorization: `Bearer ${body.access_token}` },
  });
  const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
  if (role.statusCode !== 200) throw new Error('role check failed');
  return { token: body.access_token, refresh: body.refresh_token, id: Number(payload.sub) };
}

export async function loginAdmin(app: FastifyInstance): Promise<Caller> {
  return login(app, ADMIN.username, ADMIN.password);
}

/** Registers an account of the role through the public API and logs it in. */
export async function registerAndLogin(
  app: FastifyInstance,
  role: 'teacher' | 'student',
  overrides: Record<string, unknown> = {},
): Promise<Caller & { fields: ReturnType<typeof userFields> }> {
  const fields = userFields(overrides);
  const res = await app.inject({
    method: 'POST',
    url: `/api/auth/register/${role}`,
    payload: { ...fields, role: role === 'teacher' ? 'ROLE_TEACHER' : 'ROLE_STUDENT' },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(await login(app, fields.username, fields.password)), fields };
}

/** Two teachers (the second one's data must stay out of the first's sight) and a student. */
export async function registerTeachersAndStudent(app: FastifyInstance) {
  const teacher = await registerAndLogin(app, 'teacher');
  const other = await registerAndLogin(app, 'teacher');
  const student = await registerAndLogin(app, 'student');
  return { teacher, other, student };
}

/** app.inject with the caller's bearer token. */
export function as(app: FastifyInstance, caller: { token: string } | null) {
  return (opts: InjectOptions) =>
    app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(caller ? { authorization: `Bearer ${caller.token}` } : {}) },
    });
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * `call(caller, method, url, payload?)`: a request as the caller (null: no token) with a JSON
 * body when given, to the app `app()` answers at the time (a describe block builds it later).
 */
export function callerFor(app: () => FastifyInstance) {
  return (caller: { token: string } | null, method: Method, url: string, payload?: object) =>
    as(app(), caller)({ method, url, ...(payload ? { payload } : {}) });
}
