import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPostgresDatabase, DATABASES, login } from './helpers/test-app';
import { TEST_JWT_SECRET } from './helpers/tokens';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run db:seed-demo`'s script with these settings; answers what it printed. */
function runSeed(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`seed exited ${code}: ${err}`)),
    );
  });
}

const password = (out: string, role: string) => {
  const match = new RegExp(`^\\s*${role}\\s+\\S+\\s+(\\S+)`, 'm').exec(out);
  if (!match) throw new Error(`no ${role} password in:\n${out}`);
  return match[1];
};

describe.each(DATABASES)('the demo data (%s)', (kind) => {
  let app: FastifyInstance;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let out: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-seed-'));
    const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    drop = pgDb?.drop;
    const env = {
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url, JWT_SECRET: TEST_JWT_SECRET } : {}),
    };
    out = await runSeed(env);
    app = await buildApp(loadConfig(env), { logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = async <T>(token: string, url: string): Promise<T> => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  it('shows the product: criteria on the tasks, an answer graded and commented, an exam in the ЕГЭ format', async () => {
    const teacher = await login(app, 'demo.teacher', password(out, 'teacher'));
    const student = await login(app, 'demo.student', password(out, 'student'));

    const { exams } = await get<{ exams: { id: number; name: string }[] }>(
      teacher.token,
      '/api/teacher/exams?page_size=10&page_number=0&search_string=',
    );
    expect(exams.map((e) => e.name).sort()).toEqual(
      ['Пробный ЕГЭ по английскому (устная часть)', 'Пробный устный экзамен'].sort(),
    );

    const mock = exams.find((e) => e.name === 'Пробный устный экзамен');
    const exam = await get<{
      audios: { id: number; checked: boolean; total: number | null; maxTotal: number | null }[];
    }>(teacher.token, `/api/teacher/exam/${mock?.id}`);
    expect(exam.audios).toHaveLength(1);
    const [answer] = exam.audios;
    expect(answer.total).toBe(8);
    expect(answer.maxTotal).toBe(10);
    const detail = await get<{
      comments: unknown[];
      duration: number;
      variant: { tasks: { task: { criteria: unknown[] } }[] };
    }>(student.token, `/api/student/audios/${answer.id}`);
    expect(detail.comments).toHaveLength(2);
    expect(detail.duration).toBeGreaterThan(15);
    expect(detail.variant.tasks.every((t) => t.task.criteria.length > 0)).toBe(true);

    const ege = exams.find((e) => e.name.startsWith('Пробный ЕГЭ'));
    const egeExam = await get<{
      attempts: number | null;
      opensAt: string | null;
      closesAt: string | null;
      variantsID: number[];
    }>(teacher.token, `/api/teacher/exam/${ege?.id}`);
    expect(egeExam.attempts).toBe(1);
    expect(egeExam.opensAt).not.toBeNull();
    expect(Date.parse(egeExam.closesAt ?? '')).toBeGreaterThan(Date.now());
    const variant = await get<{
      tasks: { task: { questions: unknown[]; criteria: { maxPoints: number }[] } }[];
    }>(teacher.token, `/api/teacher/variant/${egeExam.variantsID[0]}`);
    expect(variant.tasks).toHaveLength(4);
    expect(variant.tasks.some((t) => t.task.questions.length > 0)).toBe(true);
    const max = variant.tasks.flatMap((t) => t.task.criteria).reduce((sum, c) => sum + c.maxPoints, 0);
    expect(max).toBe(20);
  });

  it('run twice, it leaves everything as it is', async () => {
    const again = await runSeed({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'silent',
      ...(kind === 'postgres'
        ? { DATABASE_URL: app.ctx.config.databaseUrl ?? '', JWT_SECRET: TEST_JWT_SECRET }
        : {}),
    });
    expect(again).toContain('exists already: nothing was added');
  }, 60_000);
});
