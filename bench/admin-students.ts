/**
 * Admin student list and search under load, and the server's cold start.
 *
 * Builds the app on a temporary SQLite data folder (and on a temporary PostgreSQL database when
 * BENCH_DATABASE_URL is set), seeds 10 000 students straight into the database, listens on
 * 127.0.0.1 and measures requests per second of the paged list and of the search with a fixed
 * number of concurrent loopback fetches for a fixed time. Then spawns `server/main.ts` on a fresh
 * data folder a few times and times it until GET /api/auth/role answers.
 *
 *   node --import tsx bench/admin-students.ts
 *
 * BENCH_SECONDS (default 5) and BENCH_CONCURRENCY (default 10) tune each load run.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { hashPassword } from '../server/lib/passwords';
import { nowIso } from '../server/lib/time';
import { profileColumns } from '../server/modules/users/repository';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STUDENTS = 10_000;
const PAGE_SIZE = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const COLD_STARTS = 3;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

const SURNAMES = [
  'Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков',
  'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов',
  'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв',
  'Борисов', 'Яковлев', 'Ёлкин', 'Белкин', 'Григорьев', 'Романов', 'Воробьёв', 'Сергеев', 'Кириллов',
]; // prettier-ignore
const NAMES = [
  'Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил',
  'Анна', 'Мария', 'Елена', 'Дарья', 'Алёна', 'Ирина', 'Екатерина', 'Арина', 'Полина', 'Ольга',
]; // prettier-ignore
const PATRONYMICS = ['Иванович', 'Петрович', 'Сергеевич', 'Андреевич', 'Фёдорович', 'Олегович', ''];
const SEARCHES = ['ов', 'ёлк', 'ЕЛК', 'алёна', 'петр', 'student42', 'ев', 'семенов', 'кир'];

interface Target {
  label: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-bench-'));
  return {
    label: 'sqlite',
    env: { DATA_DIR: dir },
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(base: string): Promise<Target> {
  const name = `ustno_bench_${crypto.randomBytes(6).toString('hex')}`;
  const query = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-bench-'));
  return {
    label: 'postgres',
    env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
    cleanup: async () => {
      // The pool reports itself closed while its sockets are still closing: wait for them.
      for (let attempt = 0; ; attempt++) {
        try {
          await query(`DROP DATABASE IF EXISTS ${name}${attempt < 50 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** 10 000 students in one transaction, all with one precomputed password hash. */
async function seedStudents(app: FastifyInstance): Promise<void> {
  const password_hash = await hashPassword('student-password');
  const now = nowIso();
  const rows = Array.from({ length: STUDENTS }, (_, i) => ({
    role: 'STUDENT' as const,
    ...profileColumns({
      username: `student${i}`,
      email: `student${i}@bench.local`,
      surname: SURNAMES[i % SURNAMES.length],
      name: NAMES[(i * 7) % NAMES.length],
      patronymic: PATRONYMICS[(i * 3) % PATRONYMICS.length],
    }),
    password_hash,
    created_at: now,
    updated_at: now,
  }));
  await app.ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

/** CONCURRENCY loops fetching for SECONDS; every URL is on 127.0.0.1. */
async function load(
  base: string,
  token: string,
  url: (i: number) => string,
  seconds: number,
): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const res = await fetch(`${base}${url(i)}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors };
}

async function benchTarget(target: Target): Promise<Array<[string, LoadResult]>> {
  const config = loadConfig({
    ...target.env,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: path.join(target.env.DATA_DIR, 'no-static'),
  });
  const app = await buildApp(config, { logger: false });
  try {
    const seedStart = performance.now();
    await seedStudents(app);
    console.log(
      `  ${target.label}: seeded ${STUDENTS} students in ${Math.round(performance.now() - seedStart)} ms`,
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const pages = Math.ceil(STUDENTS / PAGE_SIZE);
    const list = (i: number) => `/api/admin/students?page_size=${PAGE_SIZE}&page_number=${(i * 37) % pages}`;
    const search = (i: number) =>
      `/api/admin/students/search?page_size=${PAGE_SIZE}&page_number=${i % 3}` +
      `&search_string=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`;
    await load(base, token, list, 1); // warm-up
    const results: Array<[string, LoadResult]> = [];
    results.push([`list, ${pages} pages`, await load(base, token, list, SECONDS)]);
    results.push(['search', await load(base, token, search, SECONDS)]);
    return results;
  } finally {
    await app.close();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Milliseconds from spawning the server on a fresh data folder until /api/auth/role answers 401. */
async function coldStart(): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/auth/role`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 401) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('server did not answer within 60 s');
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function main(): Promise<void> {
  console.log(
    `admin-students: ${STUDENTS} students, page_size ${PAGE_SIZE}, ${CONCURRENCY} concurrent fetches for ${SECONDS} s each`,
  );
  const makers: Array<() => Promise<Target>> = [sqliteTarget];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) makers.push(() => postgresTarget(pgUrl));

  const rows: string[][] = [];
  for (const make of makers) {
    const target = await make();
    try {
      for (const [what, r] of await benchTarget(target)) {
        rows.push([
          target.label,
          what,
          String(r.requests),
          fmt(r.rps),
          fmt(r.p50, 1),
          fmt(r.p95, 1),
          String(r.errors),
        ]);
      }
    } finally {
      await target.cleanup();
    }
  }
  printTable(
    ['database', 'GET /api/admin/students', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'errors'],
    rows,
  );

  const starts: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) starts.push(await coldStart());
  const sorted = [...starts].sort((a, b) => a - b);
  printTable(
    [
      'cold start (fresh SQLite DATA_DIR, spawn → 401 from /api/auth/role)',
      'runs',
      'min ms',
      'median ms',
      'max ms',
    ],
    [
      [
        'node --import tsx server/main.ts',
        String(starts.length),
        fmt(sorted[0]),
        fmt(sorted[Math.floor(sorted.length / 2)]),
        fmt(sorted[sorted.length - 1]),
      ],
    ],
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log();
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

await main();
