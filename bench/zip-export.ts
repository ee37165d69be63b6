/**
 * The exam's zip download (GET /api/teacher/exam/{id}/audios) of many large recordings: time,
 * throughput and the process's peak memory, to show the archive is streamed, not built in memory.
 *
 * Builds the app on a temporary SQLite data folder, creates a teacher, a student and an exam
 * through the API, writes BENCH_RECORDINGS (default 200) recordings of BENCH_RECORDING_MB
 * (default 4) random bytes with a WebM header through the storage plugin, then downloads the zip
 * over loopback (app.listen on 127.0.0.1) while sampling process.memoryUsage().rss every 50 ms.
 *
 *   node --import tsx bench/zip-export.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { RecordingsTable } from '../server/db/types';
import { nowIso } from '../server/lib/time';
import { searchColumn } from '../src/shared/search-text';

const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 200);
const RECORDING_BYTES = Math.round(Number(process.env.BENCH_RECORDING_MB ?? 4) * 1024 * 1024);
const SAMPLE_MS = 50;
const MB = 1024 * 1024;

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

async function seed(app: FastifyInstance): Promise<{ token: string; examId: number }> {
  const teacher = {
    username: 'bench-teacher',
    email: 'bench-teacher@example.ru',
    password: 'bench-password',
    name: 'Анна',
    surname: 'Учителева',
    patronymic: '',
  };
  await call(app, 'POST', '/api/auth/register/teacher', undefined, { ...teacher, role: 'ROLE_TEACHER' });
  const { access_token: token } = await call<{ access_token: string }>(
    app,
    'POST',
    '/api/auth/authenticate',
    undefined,
    {
      username: teacher.username,
      password: teacher.password,
    },
  );
  const students: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = await call<{ id: number }>(app, 'POST', '/api/teacher/students', token, {
      username: `bench-student-${i}`,
      email: `bench-student-${i}@example.ru`,
      password: 'bench-password',
      name: ['Иван', 'Мария', 'Пётр', 'Ольга'][i % 4],
      surname: ['Иванов', 'Смирнова', 'Ёлкин', 'Кузнецова', 'Попов'][i % 5],
      patronymic: '',
    });
    students.push(s.id);
  }
  const task = await call<{ id: number }>(app, 'POST', '/api/teacher/task', token, {
    name: 'Монолог',
    text: '<p>Расскажите о себе</p>',
    duration: 120,
    preparationDuration: 60,
    type: 'TEXT_TASK',
    files: [],
  });
  const variant = await call<{ id: number }>(app, 'POST', '/api/teacher/variant', token, {
    name: 'Вариант 1',
    tasks: [task.id],
  });
  const exam = await call<{ id: number }>(app, 'POST', '/api/teacher/exam', token, {
    name: 'Экзамен для замера',
    variants: [variant.id],
    students,
  });

  // Recordings as an upload stores them: the object through the storage plugin, then the row.
  const rows: Array<Insertable<RecordingsTable>> = [];
  for (let i = 0; i < RECORDINGS; i++) {
    const bytes = crypto.randomBytes(RECORDING_BYTES);
    bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0);
    const stored = await app.ctx.storage.put(Readable.from([bytes]), {
      prefix: 'recordings',
      maxBytes: RECORDING_BYTES,
      contentType: 'audio/webm',
    });
    const name = `Экзамен для замера — запись ${i + 1}`;
    rows.push({
      client_id: crypto.randomUUID(),
      exam_id: exam.id,
      student_id: students[i % students.length],
      variant_id: variant.id,
      name,
      search: searchColumn(name),
      mime: 'audio/webm;codecs=opus',
      size: stored.size,
      duration: 600,
      storage_key: stored.key,
      created_at: new Date(Date.now() - (RECORDINGS - i) * 60_000).toISOString(),
    });
  }
  await app.ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 50) {
      await trx
        .insertInto('recordings')
        .values(rows.slice(i, i + 50))
        .execute();
    }
  });
  return { token, examId: exam.id };
}

/**
 * The download client, run in its own process so the server's figures are the server's alone:
 * reads as fast as loopback allows, keeps nothing but a byte count and the last bytes.
 */
const CLIENT = `
const http = require('node:http');
const [url, token] = process.argv.slice(1);
const started = performance.now();
http.get(url, { headers: { authorization: 'Bearer ' + token } }, (res) => {
  let bytes = 0, firstByteMs = -1, tail = Buffer.alloc(0);
  res.on('data', (chunk) => {
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    tail = chunk.length >= 64 ? chunk.subarray(-64) : Buffer.concat([tail, chunk]).subarray(-64);
  });
  res.on('end', () => {
    const ms = performance.now() - started;
    process.stdout.write(JSON.stringify({ status: res.statusCode, bytes, firstByteMs, ms, tail: tail.toString('hex') }));
  });
}).on('error', (e) => { console.error(e); process.exit(1); });
`;

interface Download {
  status: number;
  bytes: number;
  firstByteMs: number;
  ms: number;
  tail: string;
}

function download(url: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, url, token], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Download) : reject(new Error(`client exited with ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-bench-zip-'));
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: path.join(dir, 'no-static'),
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  const app = await buildApp(config, { logger: false });
  try {
    const seedStarted = performance.now();
    const { token, examId } = await seed(app);
    const seedMs = performance.now() - seedStarted;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, SAMPLE_MS);

    const result = await download(`http://127.0.0.1:${port}/api/teacher/exam/${examId}/audios`, token);
    const ms = result.ms;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const total = RECORDINGS * RECORDING_BYTES;
    // The end-of-central-directory record (22 bytes, no comment) closes a complete archive.
    const tail = Buffer.from(result.tail, 'hex');
    const complete = tail.length >= 22 && tail.readUInt32LE(tail.length - 22) === 0x06054b50;
    console.log(
      `recordings            ${RECORDINGS} × ${(RECORDING_BYTES / MB).toFixed(1)} MB (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `answer                ${result.status}, ${(result.bytes / MB).toFixed(1)} MB, archive complete: ${complete}`,
    );
    console.log(`time to first byte    ${result.firstByteMs.toFixed(0)} ms`);
    console.log(
      `download              ${(ms / 1000).toFixed(2)} s, ${(result.bytes / MB / (ms / 1000)).toFixed(0)} MB/s`,
    );
    console.log(`server RSS before     ${(baseline / MB).toFixed(0)} MB`);
    console.log(
      `server RSS peak       ${(peak / MB).toFixed(0)} MB (+${((peak - baseline) / MB).toFixed(0)} MB for ${(total / MB).toFixed(0)} MB of audio)`,
    );
    console.log(`at ${nowIso()}, Node ${process.version}, ${os.cpus().length} CPU`);
    if (result.status !== 200 || !complete || result.bytes < total) process.exitCode = 1;
  } finally {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
