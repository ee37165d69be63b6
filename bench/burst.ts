/**
 * The class burst: 900 students (BENCH_BURST_STUDENTS) finish one exam at once, each uploading
 * a 4 MB recording (BENCH_BURST_MB), from a client process that starts every student at once:
 * first by the app's own resumable upload (parts, complete), then by the one multipart
 * POST /api/student/exam/complete of the contract (BENCH_BURST_MODES picks). Then the same
 * 900 uploads again (the device's retry after a lost answer): nothing new may be stored. The
 * reference is the same client against a bare server that copies each body into a file. Goals:
 * all stored within 60 s, 0 errors, 0 duplicates, server RSS at most 300 MB.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/connect';
import { createAccessTokens } from '../server/plugins/auth';
import { searchColumn } from '../src/shared/search-text';
import { fixed, mark, table } from './lib/report';
import { seed, studentId, teacherId, variantId } from './lib/seed';
import { ROOT, startProcess, startServer } from './lib/server';
import { type DbKind, prepareTarget } from './lib/targets';
import type { UploadJob, UploadOutcome } from './lib/upload-client';

const STUDENTS = Number(process.env.BENCH_BURST_STUDENTS ?? 900);
const BYTES = Math.round(Number(process.env.BENCH_BURST_MB ?? 4) * 1024 * 1024);
const JWT_SECRET = 'bench-burst-secret-0123456789abcdef0123456789abcdef';

async function runClient(jobFile: string): Promise<UploadOutcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/upload-client.ts', jobFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`upload client exited with ${code}`);
  return JSON.parse(out) as UploadOutcome;
}

const failures = (o: UploadOutcome) => o.ids.filter((id) => id === null).length;

type Mode = UploadJob['mode'];
const MODES: Mode[] = (process.env.BENCH_BURST_MODES ?? 'parts,multipart').split(',') as Mode[];
const PATHS: Record<Mode, string> = {
  parts: "the app's resumable upload: parts of 256 KiB growing with the link, complete",
  multipart: 'one multipart POST /api/student/exam/complete',
};

/** One exam of the first teacher assigned to the whole year group; its id. */
async function yearGroupExam(
  target: Awaited<ReturnType<typeof prepareTarget>>,
  name: string,
): Promise<number> {
  const db = createDatabase(target);
  try {
    const now = new Date().toISOString();
    const exam = await db
      .insertInto('exams')
      .values({
        teacher_id: teacherId(0),
        name,
        search: searchColumn(name),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('exam_variants')
      .values({ exam_id: exam.id, variant_id: variantId(0, 0), position: 0 })
      .execute();
    await db
      .insertInto('exam_students')
      .values(Array.from({ length: STUDENTS }, (_, s) => ({ exam_id: exam.id, student_id: studentId(s) })))
      .execute();
    // What assigning the exam records: the variants each student was given (an answer checks it).
    await db
      .insertInto('exam_assignment_history')
      .values(
        Array.from({ length: STUDENTS }, (_, s) => ({
          exam_id: exam.id,
          student_id: studentId(s),
          variant_id: variantId(0, 0),
          first_at: now,
        })),
      )
      .execute();
    return exam.id;
  } finally {
    await db.destroy();
  }
}

export async function runBurst(kind: DbKind, options: { cpuProfDir?: string } = {}): Promise<void> {
  const target = await prepareTarget(kind);
  try {
    await seed(target);
    const tokens = createAccessTokens(JWT_SECRET);
    const studentTokens = await Promise.all(
      Array.from({ length: STUDENTS }, (_, s) =>
        tokens.sign({ id: studentId(s), role: 'STUDENT', tokenVersion: 0 }),
      ),
    );
    for (const mode of MODES) await burstOf(target, kind, mode, studentTokens, options.cpuProfDir);
  } finally {
    await target.cleanup();
  }
}

async function burstOf(
  target: Awaited<ReturnType<typeof prepareTarget>>,
  kind: DbKind,
  mode: Mode,
  studentTokens: string[],
  cpuProfDir: string | undefined,
): Promise<void> {
  const examID = await yearGroupExam(target, `Итоговый экзамен параллели (${mode})`);
  const job: Omit<UploadJob, 'url'> = {
    mode,
    bytes: BYTES,
    uploads: studentTokens.map((token) => ({
      token,
      clientId: crypto.randomUUID(),
      examID,
      variantID: variantId(0, 0),
    })),
  };
  const jobFile = async (url: string, resend = false) => {
    const file = path.join(target.dataDir, `job-${crypto.randomBytes(4).toString('hex')}.json`);
    await fs.writeFile(file, JSON.stringify({ ...job, url, resend }));
    return file;
  };

  // The reference: the same requests, their bytes copied to files by a bare server.
  const bareDir = path.join(target.dataDir, 'bare-uploads');
  await fs.mkdir(bareDir);
  const bare = await startProcess(['--import', 'tsx', 'bench/lib/bare-upload.ts', bareDir], {}, '/');
  let reference: UploadOutcome;
  try {
    reference = await runClient(await jobFile(bare.origin));
  } finally {
    await bare.stop();
    await fs.rm(bareDir, { recursive: true, force: true });
  }

  const nodeArgs: string[] = [];
  if (cpuProfDir) {
    await fs.mkdir(cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`);
  }
  const server = await startServer({ ...target.env, JWT_SECRET }, nodeArgs);
  let first: UploadOutcome;
  let replay: UploadOutcome;
  let peak: number;
  let before: number;
  try {
    before = server.rssMb();
    server.resetPeak();
    first = await runClient(await jobFile(server.origin));
    replay = await runClient(await jobFile(server.origin, true));
    peak = server.peakRssMb();
  } finally {
    await server.stop();
  }

  const check = createDatabase(target);
  let stored: { rows: number; clients: number };
  try {
    const row = await check
      .selectFrom('recordings')
      .select([
        (eb) => eb.fn.countAll<number>().as('rows'),
        sql<number>`count(distinct client_id)`.as('clients'),
      ])
      .where('exam_id', '=', examID)
      .executeTakeFirstOrThrow();
    stored = { rows: Number(row.rows), clients: Number(row.clients) };
  } finally {
    await check.destroy();
  }
  const sameIds = replay.ids.every((id, i) => id !== null && id === first.ids[i]);
  const firstErrors = failures(first);
  const ratio = first.ms / reference.ms;

  console.log(
    `\n## burst on ${kind}, ${PATHS[mode]}: ${STUDENTS} uploads of ${fixed(BYTES / 1024 / 1024, 1)} MB at once`,
  );
  console.log(
    table(
      ['measure', 'bare loopback copy', 'server', 'goal'],
      [
        ['all answered', `${fixed(reference.ms)} ms`, `${fixed(first.ms)} ms (${fixed(ratio, 1)} ×)`, `≤ 60 s ${mark(first.ms <= 60_000)}`],
        ['answers', JSON.stringify(reference.statuses), JSON.stringify(first.statuses), `0 errors ${mark(firstErrors === 0)}`],
        ['rows / distinct clientIds', '', `${stored.rows} / ${stored.clients}`, `${STUDENTS}, 0 duplicates ${mark(stored.rows === STUDENTS && stored.clients === STUDENTS)}`],
        ['replay of all', '', `${fixed(replay.ms)} ms, ${JSON.stringify(replay.statuses)}, same ids: ${sameIds}`, `nothing new ${mark(sameIds && stored.rows === STUDENTS)}`],
        ['server RSS', '', `${fixed(before)} MB before, peak ${fixed(peak)} MB`, `≤ 300 MB ${mark(peak <= 300)}`],
        ...(first.partsSent === undefined ? [] : [['parts an upload', fixed(reference.partsSent! / STUDENTS, 1), fixed(first.partsSent / STUDENTS, 1), '']]),
      ],
    ),
  ); // prettier-ignore
  if (first.firstError) console.log(`first error: ${first.firstError}`);
  if (replay.firstError) console.log(`first replay error: ${replay.firstError}`);
}
