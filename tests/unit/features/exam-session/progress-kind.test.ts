import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';
import { LocalDb } from '@/lib/local-db';
import { SyncEngine, type OutboxPayloads } from '@/lib/sync-engine';
import { progressKind, type ProgressOp } from '@/features/exam-session/api/report-progress';

const CLIENT = '0b7c8f2e-3f41-4c55-9a8e-2f4b8a3c1d10';
const OTHER = '6a1d2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

let db: LocalDb;
let engine: SyncEngine<OutboxPayloads>;
let answers: number[];
/** Whose session is on: while another user's, the queued reports wait (so they can pile up). */
let signedIn: string | null;
let server: TestHttpServer;
let restoreFetch: () => void;
const sent: Array<{ url: string; body: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  server.handle((req) => {
    sent.push({ url: req.path, body: JSON.parse(req.body) as Record<string, unknown> });
    const status = answers.shift() ?? 204;
    return status === 204 ? { status } : { status, body: { message: 'Не найдено' } };
  });
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

const op = (clientId: string, state: ProgressOp['state'], task: number): ProgressOp => ({
  examId: 5,
  clientId,
  state,
  task,
  at: `2026-11-26T10:0${task}:00.000Z`,
});

const enqueue = (payload: ProgressOp, n: number) =>
  engine.enqueue({
    key: `progress:${payload.clientId}:${n}`,
    kind: 'progress',
    payload,
    label: 'ход экзамена',
    owner: null,
    group: `progress:${payload.clientId}`,
  });

beforeEach(async () => {
  db = new LocalDb(`progress-${Math.random()}`);
  await db.open();
  signedIn = 'someone-else';
  engine = new SyncEngine<OutboxPayloads>({
    db,
    currentOwner: () => signedIn,
    backoff: () => 60_000,
    now: () => Date.now(),
  });
  engine.registerKinds([progressKind]);
  answers = [];
  sent.length = 0;
});

/** The recorder signs in again: what waited goes. */
async function send(): Promise<void> {
  signedIn = null;
  await engine.kick();
}

afterEach(async () => {
  engine.stop();
  vi.useRealTimers();
  await db.delete();
});

describe('progressKind', () => {
  it('sends only the latest report of each recording, with its body and exam', async () => {
    await enqueue(op(CLIENT, 'started', 0), 1);
    await enqueue(op(CLIENT, 'recording', 1), 2);
    await enqueue(op(OTHER, 'recording', 1), 3);
    await enqueue(op(CLIENT, 'recording', 2), 4);
    await send();
    expect(sent.map((s) => [s.url, s.body.clientId, s.body.task])).toEqual([
      ['/api/student/exam/5/progress', OTHER, 1],
      ['/api/student/exam/5/progress', CLIENT, 2],
    ]);
    const body = sent[1]!.body;
    expect(body).toMatchObject({
      clientId: CLIENT,
      state: 'recording',
      task: 2,
      at: '2026-11-26T10:02:00.000Z',
    });
    expect(body).not.toHaveProperty('examId');
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes clientSentAt anew at each attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    answers = [503];
    vi.setSystemTime(new Date('2026-11-26T10:10:00.000Z'));
    await enqueue(op(CLIENT, 'finished', 3), 1);
    await send();
    expect(sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
    vi.setSystemTime(new Date('2026-11-26T10:11:00.000Z'));
    await engine.kick();
    expect(sent.map((s) => s.body.clientSentAt)).toEqual([
      '2026-11-26T10:10:00.000Z',
      '2026-11-26T10:11:00.000Z',
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('drops a report the server answers 404, without blocking', async () => {
    answers = [404];
    await enqueue(op(CLIENT, 'started', 0), 1);
    await send();
    expect(sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
