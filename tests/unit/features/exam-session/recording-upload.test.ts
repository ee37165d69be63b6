// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { examExtendedQuery } from '@/features/exam-session/api/get-exam-extended';
import { studentExamQuery } from '@/features/student-exams/api/get-student-exam';
import { examsListQuery } from '@/features/student-exams/api/list-student-exams';
import {
  enqueueRecording,
  recordingKind,
  recordingOutboxKey,
  recordingUploadUrl,
} from '@/features/exam-session/api/complete-exam';
import { setSessionSource } from '@/lib/api-client';
import { recordingStore, syncEngine } from '@/lib/device-sync';
import { localDb } from '@/lib/local-db';
import { applyRefreshActions } from '@/lib/outbox-refresh';
import type { OutboxItem } from '@/lib/sync-engine';
import { uploadCompleteBodySchema } from '@/shared/contract/student';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

// What the recording kind sends when it completes an upload (the parts path; the service worker
// sends through the same kind): the question starts and the device's clocks, against a real
// HTTP server, each complete checked against the server's own schema.

const STUDENT = '7';
const accessFor = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;

let server: TestHttpServer;
let restoreFetch: () => void;
/** How the server answers the complete, attempt by attempt (then 200). */
let completeStatuses: number[];

const meta = (clientId: string) => ({
  clientId,
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: 5,
  mime: 'audio/webm;codecs=opus',
  ownerId: STUDENT,
});

const itemOf = (clientId: string): OutboxItem<'recording'> => ({
  key: recordingOutboxKey(clientId),
  kind: 'recording',
  payload: { clientId, examId: 3 },
  label: 'Экзамен',
  createdAt: new Date().toISOString(),
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  blocked: false,
  owner: STUDENT,
});

/** One attempt of the engine: the kind's send with the owner's scope. */
function attempt(clientId: string) {
  const controller = new AbortController();
  return recordingKind.send(itemOf(clientId), {
    scope: { signal: controller.signal, asUser: STUDENT },
    signal: controller.signal,
    onProgress: () => undefined,
    rewritePending: async () => undefined,
  });
}

/** The bodies of the completes the server saw, parsed. */
const completes = () =>
  server.seen
    .filter((r) => r.method === 'POST' && r.path.endsWith('/complete'))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  setSessionSource({
    accessToken: () => accessFor(STUDENT),
    canRefresh: () => false,
    refresh: async () => undefined,
  });
  // Queueing starts a drain; nobody it could send as is signed in for the engine.
  syncEngine.setCurrentOwner(() => null);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(() => {
  server.seen.length = 0;
  completeStatuses = [];
  server.handle((req) => {
    if (req.method === 'GET') return { status: 200, body: { parts: [], recordingId: null } };
    if (req.method === 'PUT') return { status: 200, body: {} };
    return { status: completeStatuses.shift() ?? 200, body: { message: 'Сервер занят' } };
  });
});

afterEach(async () => {
  vi.useRealTimers();
  await localDb.outbox.clear();
  await localDb.recordings.clear();
  await localDb.chunks.clear();
  await localDb.kv.clear();
});

describe('the upload of a recording', () => {
  it('sends the question starts and when it was recorded, and the device clock of each attempt as clientSentAt', async () => {
    await recordingStore.create(meta('q-1'));
    await recordingStore.appendChunk(
      'q-1',
      { seq: 0, blob: new Blob(['audio']), peaks: [0.5] },
      { duration: 70.00004, taskStarts: [0, 30.0004], questionStarts: [[], [30.0004, 50.12345]] },
    );
    await recordingStore.updateProgress(
      'q-1',
      { duration: 70.00004, taskStarts: [0, 30.0004], questionStarts: [[], [30.0004, 50.12345]] },
      '2026-12-01T10:20:00.000Z',
    );
    // Only the clock is faked: the HTTP exchange runs on real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    completeStatuses = [503];
    vi.setSystemTime(new Date('2026-12-01T10:30:00.000Z'));
    await expect(attempt('q-1')).rejects.toMatchObject({ status: 503 });
    vi.setSystemTime(new Date('2026-12-01T11:45:00.000Z'));
    await attempt('q-1');

    const [first, second] = completes();
    expect(server.seen.every((r) => r.path.startsWith(recordingUploadUrl('q-1')))).toBe(true);
    expect(first).toMatchObject({
      examID: 3,
      variantID: 4,
      sessionID: 5,
      duration: 70,
      taskStarts: [0, 30],
      questionStarts: [[], [30, 50.123]],
      recordedAt: '2026-12-01T10:20:00.000Z',
      clientSentAt: '2026-12-01T10:30:00.000Z',
      interrupted: false,
    });
    // The retry says when it went, not when the first attempt did.
    expect(second).toEqual({ ...first, clientSentAt: '2026-12-01T11:45:00.000Z' });
    expect(uploadCompleteBodySchema.safeParse(second).success).toBe(true);
    // Confirmed: the device copy is gone, noted for the exam's attempts.
    expect(await recordingStore.get('q-1')).toBeUndefined();
    expect(await recordingStore.confirmedOf(STUDENT)).toEqual([
      { clientId: 'q-1', examId: 3, ownerId: STUDENT, at: Date.parse('2026-12-01T11:45:00.000Z') },
    ]);
  });

  it('asks the server what it holds only once a send of the recording began (marked before its first request)', async () => {
    await recordingStore.create(meta('f-1'));
    await recordingStore.appendChunk(
      'f-1',
      { seq: 0, blob: new Blob(['audio']), peaks: [] },
      { duration: 3, taskStarts: [0], questionStarts: [[]] },
    );
    const requests = () => server.seen.map((r) => r.method);
    completeStatuses = [503];
    await expect(attempt('f-1')).rejects.toMatchObject({ status: 503 });
    // Nothing was ever sent: no status asked.
    expect(requests()).toEqual(['PUT', 'POST']);
    expect((await recordingStore.get('f-1'))?.uploadBegun).toBe(true);
    server.seen.length = 0;
    await attempt('f-1');
    expect(requests()).toEqual(['GET', 'PUT', 'POST']);
  });

  it('stamps a recording cut short with its last chunk when it is queued, and sends that', async () => {
    await recordingStore.create(meta('cut-1'));
    await recordingStore.appendChunk(
      'cut-1',
      { seq: 0, blob: new Blob(['audio']), peaks: [] },
      { duration: 3, taskStarts: [0], questionStarts: [[0]] },
    );
    const lastChunk = (await recordingStore.get('cut-1'))?.updatedAt;
    await enqueueRecording('cut-1', 'Экзамен', { interrupted: true });
    await attempt('cut-1');
    const [body] = completes();
    expect(body).toMatchObject({ interrupted: true, recordedAt: lastChunk, questionStarts: [[0]] });
    expect(uploadCompleteBodySchema.safeParse(body).success).toBe(true);
  });

  it('still sends a recording an older version queued, without the fields it never had', async () => {
    // As version 2 of the device database holds it: no question starts, no recordedAt.
    await localDb.recordings.add({
      ...meta('old-1'),
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:05:00.000Z',
      duration: 12.5,
      taskStarts: [0, 6],
      status: 'queued',
    });
    await localDb.chunks.add({ clientId: 'old-1', seq: 0, blob: new Blob(['audio']), peaks: [] });
    await attempt('old-1');
    const [body] = completes();
    expect(body).not.toHaveProperty('questionStarts');
    expect(body).not.toHaveProperty('recordedAt');
    expect(body).toMatchObject({ duration: 12.5, taskStarts: [0, 6] });
    expect(Number.isNaN(Date.parse(body.clientSentAt as string))).toBe(false);
    expect(uploadCompleteBodySchema.safeParse(body).success).toBe(true);
  });

  it("once confirmed, asks again every answer that counts the exam's attempts", () => {
    const client = new QueryClient();
    const keys: unknown[][] = [
      examsListQuery({ page: 0, pageSize: 10, search: '' }).queryKey,
      studentExamQuery(3).queryKey,
      examExtendedQuery(3).queryKey,
    ];
    for (const key of keys) client.setQueryData(key, { attemptsUsed: 0 });
    applyRefreshActions(client, recordingKind.refreshes?.(itemOf('q-1'), 'elsewhere', undefined) ?? []);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
  });
});
