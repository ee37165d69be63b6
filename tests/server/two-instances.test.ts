import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, PNG, uploadOne } from './helpers/authoring';
import { reportOk, rowOf, setupClass } from './helpers/exam-day';
import { fetchEvents } from './helpers/event-stream';
import { httpApp } from './helpers/http-app';
import { parseMail, startSmtpServer, type TestSmtpServer } from './helpers/mail';
import { setupExam, uploadMultipartRecording, validFields, webm, type ExamSetup } from './helpers/recordings';
import { startTestBucket, type TestBucket } from './helpers/s3';
import { as, createPostgresDatabase, login, registerAndLogin, userFields } from './helpers/test-app';
import { readZip } from './helpers/zip';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const MAX_FAILURES = 4;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

interface Proc {
  child: ChildProcess;
  output: string[];
}

function startProcess(command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  return { child, output };
}

async function stopProcess(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once('exit', resolve));
  proc.child.kill('SIGTERM');
  await exited;
}

/** Where deploy/nginx.conf writes its access log; the test's copy writes into its folder. */
const DEPLOY_ACCESS_LOG = '/var/log/nginx/ustno-access.log';

/** deploy/nginx.conf with its placeholders filled, inside a main config of the test's own. */
function nginxConfig(dir: string, listen: number, apps: number[]): string {
  const deployed = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  if (!deployed.includes(`access_log ${DEPLOY_ACCESS_LOG} ustno;`))
    throw new Error(`deploy/nginx.conf no longer logs to ${DEPLOY_ACCESS_LOG} in its own format`);
  const site = deployed
    .replaceAll('${LISTEN_PORT}', `127.0.0.1:${listen}`)
    .replaceAll('${APP_1}', `127.0.0.1:${apps[0]}`)
    .replaceAll('${APP_2}', `127.0.0.1:${apps[1]}`)
    .replaceAll(DEPLOY_ACCESS_LOG, `${dir}/access.log`);
  if (/\$\{[A-Z_0-9]+\}/.test(site))
    throw new Error('deploy/nginx.conf has a placeholder the test does not fill');
  fs.writeFileSync(path.join(dir, 'ustno.conf'), site);
  return [
    // As root, workers would drop to an account that cannot enter this private folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    // The site logs in its own format to its own file (deploy/nginx.conf's access_log).
    '  access_log off;',
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/ustno.conf;`,
    '}',
    '',
  ].join('\n');
}

// Two real server processes (the compiled bundle `npm start` runs) on one PostgreSQL database and
// one S3 bucket, behind nginx with deploy/nginx.conf. Never skipped: a machine without PostgreSQL
// or nginx fails here with the command that fixes it.
describe('two instances on one PostgreSQL database and one bucket, behind nginx', () => {
  let dir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  let bucket: TestBucket | undefined;
  let smtp: TestSmtpServer | undefined;
  const instances: Proc[] = [];
  let nginx: Proc | undefined;
  let appPorts: number[];
  let proxyUrl: string;
  /** Each instance directly, and nginx in front of both. */
  let a: FastifyInstance;
  let b: FastifyInstance;
  let proxy: FastifyInstance;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) {
      throw new Error(
        'PostgreSQL needed: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:server ' +
          '(bash .ci/run starts PostgreSQL and sets it)',
      );
    }
    if (!NGINX) throw new Error('nginx not found: apt-get install -y nginx (npm test installs it as root)');

    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ustno-two-'));
    await fsp.chmod(dir, 0o755);
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' });
    database = await createPostgresDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    bucket = await startTestBucket(dir);
    smtp = await startSmtpServer();

    appPorts = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const shared = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ...bucket.env,
      JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'robot@ustno.test',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      // nginx's address as the instances see it: only its X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Ustno-admin-pass-1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
      // The exam day's events go through the database (no REDIS_URL); beats often enough to see.
      PROGRESS_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    // Started together: both migrate the fresh database and ensure the admin at the same moment.
    for (const [i, port] of appPorts.entries()) {
      instances.push(
        startProcess(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
          ...shared,
          PORT: String(port),
          // Nothing on the local disk is shared: only the database and the bucket are.
          DATA_DIR: path.join(dir, `instance-${i + 1}`),
          STATIC_DIR: path.join(dir, 'no-static'),
        }),
      );
    }
    try {
      for (const [i, port] of appPorts.entries()) {
        await waitFor(
          `instance ${i + 1} answering`,
          async () => {
            if (instances[i].child.exitCode !== null) throw new Error(instances[i].output.join(''));
            return (await fetch(`http://127.0.0.1:${port}/api/auth/role`)).status === 401;
          },
          90_000,
        );
      }
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${instances.map((p) => p.output.join('')).join('\n')}`);
    }

    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, appPorts));
    nginx = startProcess(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`], {
      PATH: process.env.PATH ?? '',
    });
    await waitFor('nginx answering', async () => {
      if (nginx?.child.exitCode !== null) throw new Error(`nginx exited: ${nginx?.output.join('')}`);
      return (await fetch(`http://127.0.0.1:${proxyPort}/api/auth/role`)).status === 401;
    });

    a = httpApp(`http://127.0.0.1:${appPorts[0]}`);
    b = httpApp(`http://127.0.0.1:${appPorts[1]}`);
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    proxy = httpApp(proxyUrl);
  }, 240_000);

  afterAll(async () => {
    await stopProcess(nginx);
    await Promise.all(instances.map(stopProcess));
    await pool?.end();
    await bucket?.close();
    await smtp?.close();
    await database?.drop();
    if (dir) await fsp.rm(dir, { recursive: true, force: true });
  });

  it('lets a user log in through one instance and work through the other', async () => {
    const teacher = await registerAndLogin(a, 'teacher');
    const task = await createTask(b, teacher, { name: 'Задание со второго' });
    const list = await as(
      a,
      teacher,
    )({ method: 'GET', url: '/api/teacher/tasks?page_size=50&page_number=0' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().tasks.map((t: { id: number }) => t.id)).toContain(task.id);

    // A file stored through one is served through the other: one bucket, one signing secret.
    const file = await uploadOne(a, teacher, 'схема.png', PNG);
    const content = await b.inject({ method: 'GET', url: file.access });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PNG)).toBe(true);
  });

  it('rotates refresh tokens across instances and detects a reuse on the other one', async () => {
    const fields = userFields({ password: 'Ustno-test-pass-1' });
    const registered = await a.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      payload: { ...fields, role: 'ROLE_STUDENT' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const first = await login(a, fields.username, fields.password);
    const refresh = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { authorization: `Bearer ${token}` },
      });

    const rotated = await refresh(b, first.refresh);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().refresh_token as string;
    expect(second).not.toBe(first.refresh);
    // The new access token from b works on a.
    const role = await a.inject({
      method: 'GET',
      url: '/api/auth/role',
      headers: { authorization: `Bearer ${rotated.json().access_token}` },
    });
    expect(role.json()).toEqual({ role: 'STUDENT' });

    // The successor is used (on a), so the rotated-away token presented again is a theft, not a
    // lost answer: the family dies on both instances.
    const third = await refresh(a, second);
    expect(third.statusCode, third.body).toBe(200);
    expect((await refresh(a, first.refresh)).statusCode).toBe(401);
    expect((await refresh(b, third.json().refresh_token as string)).statusCode).toBe(401);
  });

  it('rotates the refresh cookie through nginx, whichever instance answers, and ends a replayed family', async () => {
    const fields = userFields({ password: 'Ustno-test-pass-1' });
    const registered = await proxy.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      payload: { ...fields, role: 'ROLE_STUDENT' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      /ustno_refresh=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
    const loggedIn = await proxy.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      headers: { 'x-refresh-transport': 'cookie' },
      payload: { username: fields.username, password: fields.password },
    });
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect(loggedIn.json().refresh_token).toBeUndefined();
    const cookies = [cookieOf(loggedIn) as string];
    // Round-robin: successive refreshes land on alternate instances.
    for (let i = 0; i < 4; i++) {
      const res = await proxy.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { 'x-refresh-transport': 'cookie', cookie: `ustno_refresh=${cookies.at(-1)}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().access_token).toBeTruthy();
      cookies.push(cookieOf(res) as string);
    }
    expect(new Set(cookies).size).toBe(cookies.length);
    const replay = await proxy.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: `ustno_refresh=${cookies[1]}` },
    });
    expect(replay.statusCode).toBe(401);
    const latest = await proxy.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: `ustno_refresh=${cookies.at(-1)}` },
    });
    expect(latest.statusCode).toBe(401);
  });

  it('counts failed logins on both instances together', async () => {
    const fields = userFields({ password: 'Ustno-test-pass-1' });
    const registered = await b.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      payload: { ...fields, role: 'ROLE_STUDENT' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username: fields.username, password },
      });
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, 'Wrong-pass-123')).statusCode).toBe(403);
    }
    // Half the failures reached each instance; together they reach the limit on both.
    expect((await attempt(a, fields.password)).statusCode).toBe(429);
    expect((await attempt(b, fields.password)).statusCode).toBe(429);
  });

  describe('an exam taken through both instances', () => {
    let s: ExamSetup;
    const audios: Buffer[] = [];
    const ids: number[] = [];

    beforeAll(async () => {
      s = await setupExam(proxy, { student: { surname: 'Двоева', name: 'Анна' } });
      const { password: _password, ...teacherFields } = s.teacher.fields;
      const informed = await as(
        proxy,
        s.teacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/data',
        payload: { ...teacherFields, inform_about_exam_completion: true },
      });
      expect(informed.statusCode, informed.body).toBe(200);
    });

    it('stores one recording when the same clientId reaches both instances at once', async () => {
      for (let round = 0; round < 4; round++) {
        const audio = Buffer.concat([webm(64), crypto.randomBytes(512 * 1024)]);
        const fields = validFields(s);
        const [fromA, fromB] = await Promise.all([
          uploadMultipartRecording(a, s.student, fields, audio),
          uploadMultipartRecording(b, s.student, fields, audio),
        ]);
        expect(fromA.statusCode, fromA.body).toBe(200);
        expect(fromB.statusCode, fromB.body).toBe(200);
        expect(fromA.json().id).toBe(fromB.json().id);
        const rows = await pool?.query('SELECT id, storage_key FROM recordings WHERE client_id = $1', [
          fields.clientId,
        ]);
        expect(rows?.rows).toHaveLength(1);
        audios.push(audio);
        ids.push(fromA.json().id);
      }
      // The loser of each race removed its staged copy: one object per recording in the bucket.
      const keys = (await bucket?.keys())?.filter((k) => k.startsWith('recordings/'));
      expect(keys).toHaveLength(ids.length);
    });

    it('assembles one recording from parts sent to either instance, completed on both at once', async () => {
      const audio = Buffer.concat([webm(64), crypto.randomBytes(700 * 1024)]);
      const parts = [0, 1, 2].map((i) => audio.subarray(i * 256 * 1024, (i + 1) * 256 * 1024));
      const clientId = crypto.randomUUID();
      for (const [i, bytes] of parts.entries()) {
        const res = await as(
          i % 2 === 0 ? a : b,
          s.student,
        )({
          method: 'PUT',
          url: `/api/student/uploads/${clientId}/parts/${i}`,
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const body = {
        examID: s.exam.id,
        variantID: s.variant.id,
        mime: 'audio/webm;codecs=opus',
        duration: 12.5,
        parts: parts.length,
        size: audio.length,
      };
      const [fromA, fromB] = await Promise.all(
        [a, b].map((app) =>
          as(
            app,
            s.student,
          )({ method: 'POST', url: `/api/student/uploads/${clientId}/complete`, payload: body }),
        ),
      );
      expect(fromA.statusCode, fromA.body).toBe(200);
      expect(fromB.statusCode, fromB.body).toBe(200);
      expect(fromA.json().id).toBe(fromB.json().id);
      const rows = await pool?.query('SELECT id FROM recordings WHERE client_id = $1', [clientId]);
      expect(rows?.rows).toHaveLength(1);
      audios.push(audio);
      ids.push(fromA.json().id);
      const keys = (await bucket?.keys()) ?? [];
      expect(keys.filter((k) => k.startsWith('recordings/'))).toHaveLength(ids.length);
    });

    it('sends the completion mail once per recording although both instances send the queue', async () => {
      const teacherMails = () => smtp?.mails.filter((m) => m.to.includes(s.teacher.fields.email)) ?? [];
      await waitFor('completion mails', async () => teacherMails().length >= ids.length);
      // Both instances keep looking at the queue; give a double sender time to show itself.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const links = teacherMails().map((m) => /\/teacher\/audios\/(\d+)/.exec(parseMail(m.raw).text)?.[1]);
      expect(links.map(Number).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const sent = await pool?.query(
        'SELECT count(*) FROM mail_queue WHERE sent_at IS NOT NULL AND recipient = $1',
        [s.teacher.fields.email],
      );
      expect(Number(sent?.rows[0].count)).toBe(ids.length);
    });

    it('streams the exam zip from the bucket through nginx', async () => {
      const res = await fetch(`${proxyUrl}/api/teacher/exam/${s.exam.id}/audios`, {
        headers: { authorization: `Bearer ${s.teacher.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      // The recordings, beside the scores sheet the zip also carries.
      const entries = (await readZip(Buffer.from(await res.arrayBuffer()))).filter(
        (e) => e.name !== 'scores.csv',
      );
      expect(entries).toHaveLength(audios.length);
      const stored = entries.map((e) => e.data.toString('base64')).sort();
      expect(stored).toEqual(audios.map((x) => x.toString('base64')).sort());
    });

    it('had nginx spread the requests over both instances', async () => {
      const log = await fsp.readFile(path.join(dir, 'access.log'), 'utf8');
      for (const port of appPorts) expect(log).toContain(`127.0.0.1:${port} `);
    });
  });

  it('passes the exam’s progress events through nginx as they come, and a change on either instance reaches streams on both', async () => {
    const c = await setupClass(proxy, ['Южина', 'Яшин']);
    // Two streams through nginx: round-robin opens them on different instances.
    const streams = [
      await fetchEvents(proxyUrl, c.teacher.token, c.exam.id),
      await fetchEvents(proxyUrl, c.teacher.token, c.exam.id),
    ];
    try {
      for (const { res, reader } of streams) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(res.headers.get('content-encoding')).toBeNull();
        // The first event comes at once, not when a buffer fills or the stream ends.
        expect((await reader.progress()).students).toHaveLength(2);
      }
      // A report through each instance directly: one of them is the other instance for each stream.
      const now = () => new Date().toISOString();
      const started = Date.now();
      await reportOk(a, c.students[0], c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'recording',
        task: 1,
        at: now(),
      });
      await reportOk(b, c.students[1], c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'finished',
        task: 1,
        at: now(),
      });
      for (const { reader } of streams) {
        await reader.progress(
          (p) =>
            rowOf(p, c.students[0]).state === 'in-progress' && rowOf(p, c.students[1]).state === 'on-device',
          5000,
        );
        // Heartbeats pass too (PROGRESS_HEARTBEAT_SECONDS=1 here).
        expect((await reader.next((f) => f.comment, 5000)).comment).toBe(true);
      }
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const s of streams) s.abort();
    }
    // nginx logs a stream when it ends: the two were served by the two instances.
    const eventsPath = `/api/teacher/exam/${c.exam.id}/progress/events`;
    const servedBy = async () =>
      (await fsp.readFile(path.join(dir, 'access.log'), 'utf8'))
        .split('\n')
        .filter((line) => line.includes(`GET ${eventsPath} `))
        .map((line) => /127\.0\.0\.1:(\d+) "/.exec(line)?.[1]);
    await waitFor('both streams in the access log', async () => (await servedBy()).length === 2);
    expect((await servedBy()).sort()).toEqual(appPorts.map(String).sort());
  });

  it('logs requests through nginx without query strings or recovery tokens', async () => {
    const teacher = await registerAndLogin(proxy, 'teacher');
    // A signed media address, the spec's password in a query string, a recovery link and its API call.
    const file = await uploadOne(proxy, teacher, 'лог.png', PNG);
    expect(file.access).toMatch(/\?exp=\d+&sig=/);
    const signature = /sig=([^&]+)/.exec(file.access)?.[1] as string;
    expect((await proxy.inject({ method: 'GET', url: file.access })).statusCode).toBe(200);
    const password = 'Secret-in-the-query-1';
    await as(proxy, teacher)({ method: 'GET', url: `/api/auth/role?password=${password}` });
    const token = crypto.randomBytes(32).toString('base64url');
    await proxy.inject({ method: 'GET', url: `/recover/${token}` });
    await proxy.inject({
      method: 'POST',
      url: `/api/auth/recover/${token}?again=${token}`,
      payload: { password: 'Ustno-new-pass-1' },
    });

    // nginx writes a request's line once its answer is sent: the last one may come a moment later.
    const readLog = () => fsp.readFile(path.join(dir, 'access.log'), 'utf8');
    await waitFor('the last request in the access log', async () =>
      (await readLog()).includes('/api/auth/recover/'),
    );
    const log = await readLog();
    expect(log).toContain(`"GET /api/files/${file.id}/content HTTP/1.1" 200`);
    expect(log).toContain('"GET /api/auth/role HTTP/1.1"');
    expect(log).toContain('"GET /recover/… HTTP/1.1"');
    expect(log).toContain('"POST /api/auth/recover/… HTTP/1.1"');
    for (const secret of [signature, password, token]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/\?/);
  });
});
