import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { PNG, uploadOne } from './helpers/authoring';
import { outboxMails } from './helpers/mail';
import { completeUpload, setupExam, uploadOk, webm, type ExamSetup } from './helpers/recordings';
import {
  as,
  createPostgresDatabase,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type TestApp,
} from './helpers/test-app';

const mode = async (file: string) => (await fs.stat(file)).mode & 0o777;

/** Every folder and file under `root` (itself included) with its permission bits, as `0o…` text. */
async function modes(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = { '.': (await mode(root)).toString(8) };
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(root, full)] = (await mode(full)).toString(8);
  }
  return found;
}

/** Under the usual umask (022) anything created without an explicit mode is readable by all. */
function withUsualUmask(): void {
  let previous: number;
  beforeAll(() => {
    previous = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(previous);
  });
}

describe.each(DATABASES)('V13.3.1 data at rest on %s', (kind) => {
  withUsualUmask();
  let root: string;
  let dataDir: string;
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-at-rest-'));
    // A folder the app creates itself.
    dataDir = path.join(root, 'data');
    t = await createTestApp(kind, {}, { dataDir });
    s = await setupExam(t.app);
    // A stored file, a recording sent whole, one sent in parts, and a mail to the outbox.
    await uploadOne(t.app, s.teacher, 'схема.png', PNG);
    await uploadOk(t.app, s, {}, webm(5000));
    const clientId = crypto.randomUUID();
    const audio = Buffer.concat([webm(64), crypto.randomBytes(100 * 1024)]);
    const parts = [audio.subarray(0, 70 * 1024), audio.subarray(70 * 1024)];
    for (const [i, bytes] of parts.entries()) {
      const put = await as(
        t.app,
        s.student,
      )({
        method: 'PUT',
        url: `/api/student/uploads/${clientId}/parts/${i}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    // One more upload left unfinished, so its part stays on disk.
    await as(
      t.app,
      s.student,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${crypto.randomUUID()}/parts/0`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: webm(4000),
    });
    const completed = await completeUpload(t.app, s, clientId, { parts: parts.length, size: audio.length });
    expect(completed.statusCode, completed.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: s.student.fields.email },
    });
    await t.app.ctx.background.drain();
    for (let i = 0; i < 50 && (await outboxMails(dataDir)).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700, and every folder 0700 and file 0600 in it: database, files, recordings, parts, mails', async () => {
    const found = await modes(dataDir);
    const names = Object.keys(found);
    // What the test meant to create is there to be judged.
    expect(names.some((n) => n.startsWith(`storage${path.sep}files${path.sep}`))).toBe(true);
    expect(names.some((n) => n.startsWith(`storage${path.sep}recordings${path.sep}`))).toBe(true);
    expect(names.some((n) => n.startsWith(`storage${path.sep}parts${path.sep}`))).toBe(true);
    expect(names.some((n) => n.startsWith(`outbox${path.sep}`) && n.endsWith('.eml'))).toBe(true);
    if (kind === 'sqlite') {
      expect(names).toEqual(
        expect.arrayContaining(['ustno.sqlite', 'ustno.sqlite-wal', 'ustno.sqlite-shm', 'jwt-secret']),
      );
    }
    const expected: Record<string, string> = {};
    for (const name of names) {
      expected[name] = (await fs.stat(path.join(dataDir, name))).isDirectory() ? '700' : '600';
    }
    expect(found).toEqual(expected);
  });
});

describe('V13.3.1 the generated signing secret on sqlite', () => {
  withUsualUmask();
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-secret-'));
    t = await createTestApp('sqlite', {}, { dataDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lives in DATA_DIR/jwt-secret (0600), not in a table', async () => {
    const file = path.join(dataDir, 'jwt-secret');
    expect(await mode(file)).toBe(0o600);
    expect((await fs.readFile(file, 'utf8')).trim()).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(await t.app.ctx.db.selectFrom('app_settings').selectAll().execute()).toEqual([]);
  });
});

describe('V13.3.1 a data folder of an older version, on sqlite', () => {
  withUsualUmask();
  let dataDir: string;
  let upgraded: TestApp | undefined;
  const oldSecret = crypto.randomBytes(48).toString('base64url');
  let student: Awaited<ReturnType<typeof registerAndLogin>>;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-old-'));
    // As an older version left it: the generated secret in the table, everything readable by all.
    const old = await createTestApp('sqlite', { JWT_SECRET: oldSecret }, { dataDir });
    student = await registerAndLogin(old.app, 'student');
    await old.app.ctx.db.insertInto('app_settings').values({ key: 'jwt_secret', value: oldSecret }).execute();
    await old.close();
    await fs.chmod(dataDir, 0o755);
    await fs.chmod(path.join(dataDir, 'ustno.sqlite'), 0o644);
    upgraded = await createTestApp('sqlite', {}, { dataDir });
  });
  afterAll(async () => {
    await upgraded?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('moves the secret from the table to the file once, so sessions survive the upgrade', async () => {
    const app = (upgraded as TestApp).app;
    expect((await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(oldSecret);
    expect(await mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(await app.ctx.db.selectFrom('app_settings').selectAll().execute()).toEqual([]);
    const role = await as(app, student)({ method: 'GET', url: '/api/auth/role' });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json()).toEqual({ role: 'STUDENT' });
  });

  it('closes the folder and the database to other local users', async () => {
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'ustno.sqlite'))).toBe(0o600);
  });
});

describe.each(DATABASES.filter((kind) => kind === 'postgres'))(
  'V13.3.1 the signing secret with DATABASE_URL (%s)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let dataDir: string;
    beforeAll(async () => {
      database = await createPostgresDatabase();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-pg-secret-'));
    });
    afterAll(async () => {
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    const start = (env: Record<string, string> = {}) =>
      buildApp(
        loadConfig({
          DATA_DIR: dataDir,
          STATIC_DIR: path.join(dataDir, 'no-static'),
          DATABASE_URL: database.url,
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD: 'Ustno-admin-pass-1',
          ...env,
        }),
        { logger: false },
      );

    it('refuses to start without JWT_SECRET, saying so', async () => {
      await expect(start()).rejects.toThrow(/JWT_SECRET.*DATABASE_URL.*openssl rand/s);
      // Nothing was generated anywhere meanwhile.
      await expect(fs.access(path.join(dataDir, 'jwt-secret'))).rejects.toThrow();
    });

    it('points an older installation to the secret it generated into the table, and drops it from there once set', async () => {
      const oldSecret = crypto.randomBytes(48).toString('base64url');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query("INSERT INTO app_settings (key, value) VALUES ('jwt_secret', $1)", [oldSecret]);
        const refused = start();
        await expect(refused).rejects.toThrow(/app_settings.*jwt_secret/s);
        // The message names where it is, never the secret itself.
        await expect(refused).rejects.not.toThrow(oldSecret);
        const app = await start({ JWT_SECRET: oldSecret });
        await app.close();
        expect((await client.query('SELECT key FROM app_settings')).rows).toEqual([]);
      } finally {
        await client.end();
      }
    });
  },
);
