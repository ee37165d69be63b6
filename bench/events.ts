/**
 * The exam day's live view (issue 23): 900 teachers' pages (BENCH_EVENTS_STREAMS) hold the
 * progress event stream of an exam open at once (each its own exam of 20 students, from a
 * client process over one connection each), through a heartbeat round (PROGRESS_HEARTBEAT_SECONDS,
 * 15 s). Measured from outside: the server's resident memory before the streams and with them
 * all open, beside a bare node:http server holding as many streams (the reference). Then the
 * time from a device's report to an open stream showing it, median and worst of 20: a stream on
 * the instance that took the report, and one on a second instance on the same database (changes
 * shared through the database, polled every PROGRESS_POLL_SECONDS). Goals: all open, 0 errors,
 * server RSS with the streams at most 300 MB, a change shown within 5 s (the issue's bound).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createDatabase } from '../server/db/connect';
import { createAccessTokens } from '../server/plugins/auth';
import { searchColumn } from '../src/shared/search-text';
import type { EventsCommand, LatencyOutcome, OpenOutcome } from './lib/events-client';
import { fixed, mark, median, table } from './lib/report';
import { examId, PER_TEACHER, seed, studentId, teacherId, variantId } from './lib/seed';
import { ROOT, type Running, startProcess, startServer } from './lib/server';
import { type DbKind, prepareTarget, type Target } from './lib/targets';

const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 900);
const ROUNDS = 20;
const HEARTBEAT_MS = 15_000;
const JWT_SECRET = 'bench-events-secret-0123456789abcdef0123456789abcdef';

function startClient(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/lib/events-client.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function ask<T>(client: ChildProcess, command: EventsCommand): Promise<T> {
  return new Promise((resolve, reject) => {
    client.once('message', (answer: T & { error?: string }) =>
      answer.error ? reject(new Error(answer.error)) : resolve(answer),
    );
    client.send(command);
  });
}

/** An exam of teacher 0 for student 0 alone, without recordings: the latency's stream. */
async function latencyExam(target: Target): Promise<number> {
  const db = createDatabase(target);
  try {
    const now = new Date().toISOString();
    const name = 'Экзамен для замера задержки';
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
      .values({ exam_id: exam.id, student_id: studentId(0) })
      .execute();
    return exam.id;
  } finally {
    await db.destroy();
  }
}

/** Waits a heartbeat round and a little, sampling the peak meanwhile. */
async function holdThroughHeartbeat(process: Running): Promise<{ rss: number; peak: number }> {
  process.resetPeak();
  await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS + 2000));
  return { rss: process.rssMb(), peak: process.peakRssMb() };
}

/** Opens the streams on `running`, holds them through a heartbeat, and answers the memory. */
async function memoryWith(running: Running, streams: Array<{ url: string; token: string }>) {
  const client = startClient();
  try {
    // The process settles after its start (modules, the database's first queries).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = running.rssMb();
    const opened = await ask<OpenOutcome>(client, { cmd: 'open', streams });
    const held = await holdThroughHeartbeat(running);
    await ask(client, { cmd: 'close' });
    return { before, opened, ...held };
  } finally {
    client.kill();
  }
}

export async function runEvents(kind: DbKind): Promise<void> {
  const target = await prepareTarget(kind);
  try {
    await seed(target);
    const latencyExamId = await latencyExam(target);
    const tokens = createAccessTokens(JWT_SECRET);
    const teachers = Math.ceil(STREAMS / PER_TEACHER);
    const teacherTokens = await Promise.all(
      Array.from({ length: teachers }, (_, t) =>
        tokens.sign({ id: teacherId(t), role: 'TEACHER', tokenVersion: 0 }),
      ),
    );
    const studentToken = await tokens.sign({ id: studentId(0), role: 'STUDENT', tokenVersion: 0 });
    const streamsOn = (origin: string) =>
      Array.from({ length: STREAMS }, (_, n) => {
        const t = Math.floor(n / PER_TEACHER);
        return {
          url: `${origin}/api/teacher/exam/${examId(t, n % PER_TEACHER)}/progress/events`,
          token: teacherTokens[t]!,
        };
      });

    const bare = await startProcess(
      ['--import', 'tsx', 'bench/lib/bare-events.ts', String(HEARTBEAT_MS)],
      {},
      '/',
    );
    let reference: Awaited<ReturnType<typeof memoryWith>>;
    try {
      reference = await memoryWith(bare, streamsOn(bare.origin));
    } finally {
      await bare.stop();
    }

    const env = { ...target.env, JWT_SECRET };
    const a = await startServer(env);
    let server: Awaited<ReturnType<typeof memoryWith>>;
    let same: LatencyOutcome;
    let across: LatencyOutcome;
    try {
      server = await memoryWith(a, streamsOn(a.origin));
      const b = await startServer(env);
      const client = startClient();
      try {
        const latency = (streamOrigin: string) =>
          ask<LatencyOutcome>(client, {
            cmd: 'latency',
            reportUrl: `${a.origin}/api/student/exam/${latencyExamId}/progress`,
            studentToken,
            studentId: studentId(0),
            streamUrl: `${streamOrigin}/api/teacher/exam/${latencyExamId}/progress/events`,
            teacherToken: teacherTokens[0]!,
            rounds: ROUNDS,
          });
        same = await latency(a.origin);
        across = await latency(b.origin);
        await ask(client, { cmd: 'close' });
      } finally {
        client.kill();
        await b.stop();
      }
    } finally {
      await a.stop();
    }

    const perStream = (m: typeof server) => ((m.rss - m.before) * 1024) / Math.max(1, m.opened.opened);
    const late = (o: LatencyOutcome) => Math.max(...o.times);
    console.log(`\n## events on ${kind}: ${STREAMS} progress streams open at once, then ${ROUNDS} changes`);
    console.log(
      table(
        ['measure', 'bare node:http streams', 'server', 'goal'],
        [
          ['opened (first event read)', `${reference.opened.opened} in ${fixed(reference.opened.ms)} ms`, `${server.opened.opened} in ${fixed(server.opened.ms)} ms, ${server.opened.failed} failed`, `all, 0 errors ${mark(server.opened.opened === STREAMS)}`],
          ['RSS before the streams', `${fixed(reference.before)} MB`, `${fixed(server.before)} MB`, ''],
          ['RSS with them, after a heartbeat', `${fixed(reference.rss)} MB (peak ${fixed(reference.peak)})`, `${fixed(server.rss)} MB (peak ${fixed(server.peak)})`, `≤ 300 MB ${mark(server.peak <= 300)}`],
          ['per open stream', `${fixed(perStream(reference), 1)} KB`, `${fixed(perStream(server), 1)} KB`, ''],
          ['report → stream, same instance', '', `median ${fixed(median(same.times))} ms, worst ${fixed(late(same))} ms`, `≤ 5 s ${mark(late(same) <= 5000)}`],
          ['report → stream, other instance (database)', '', `median ${fixed(median(across.times))} ms, worst ${fixed(late(across))} ms`, `≤ 5 s ${mark(late(across) <= 5000)}`],
        ],
      ),
    ); // prettier-ignore
    if (server.opened.firstError) console.log(`first error: ${server.opened.firstError}`);
  } finally {
    await target.cleanup();
  }
}
