import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueGrade, gradeKind } from '@/features/review/api/grade-send';
import { applyRefreshActions } from '@/lib/outbox-refresh';
import { scoresQueryKey } from '@/features/review/api/query-keys';
import type { RecordingScores } from '@/shared/contract/grading';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { queryClient } from '@/lib/query-client';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

let server: TestHttpServer;
let restoreFetch: () => void;
let online = false;
/** What the server holds: the grade and the client clock it was written at. */
let stored: { total: number; clientUpdatedAt: string } = { total: 0, clientUpdatedAt: '' };

const answer = (total: number): RecordingScores => ({
  tasks: [],
  total,
  maxTotal: 10,
  gradedAt: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  // As the page wires it (src/app/sync.ts): a confirmed grade's answer shows at once.
  syncEngine.registerKinds([gradeKind]);
  syncEngine.onSent((item, sentBy, result) =>
    applyRefreshActions(queryClient, syncEngine.refreshesFor(item, sentBy, result)),
  );
  // The server's rule: a PUT older than the stored grade changes nothing and answers the stored one.
  server.handle((req) => {
    if (!online) return { status: 200, body: {}, cutBody: true };
    if (req.method === 'PUT' && req.path === '/api/teacher/audios/7/scores') {
      const body = JSON.parse(req.body) as { scores: { points: number }[]; clientUpdatedAt: string };
      if (body.clientUpdatedAt >= stored.clientUpdatedAt) {
        stored = {
          total: body.scores.reduce((s, x) => s + x.points, 0),
          clientUpdatedAt: body.clientUpdatedAt,
        };
      }
      return { status: 200, body: answer(stored.total) };
    }
    if (req.method === 'GET') return { status: 404, body: { message: 'Не найдено' } };
    return { status: 404, body: { message: 'Не найдено' } };
  });
});

afterAll(async () => {
  syncEngine.stop();
  restoreFetch();
  await server.close();
});

beforeEach(async () => {
  online = false;
  stored = { total: 0, clientUpdatedAt: '' };
  server.seen.length = 0;
  await localDb.outbox.clear();
  queryClient.clear();
  tokenStore.set({ access_token: 'access', refresh_token: 'refresh' });
});

const puts = () =>
  server.seen
    .filter((r) => r.method === 'PUT')
    .map((r) => JSON.parse(r.body) as { scores: unknown[]; clientUpdatedAt: string });

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, second));

describe('grades edited offline', () => {
  it('wait in the outbox, and once online only the newest grade of a recording is sent', async () => {
    await enqueueGrade(7, [{ position: 1, criterion: 0, points: 1 }], at(1));
    await enqueueGrade(7, [{ position: 1, criterion: 0, points: 2 }], at(2));
    await enqueueGrade(
      7,
      [
        { position: 1, criterion: 0, points: 2 },
        { position: 1, criterion: 1, points: 3 },
      ],
      at(3),
    );
    await syncEngine.kick();
    // Offline: the two older edits are coalesced into the newest (no confirmation needed, the
    // newest replaces the whole grade); the newest was tried, its answer lost, so it waits.
    expect((await syncEngine.pendingOf('grade')).map((i) => i.payload.clientUpdatedAt)).toEqual([
      at(3).toISOString(),
    ]);

    online = true;
    const before = puts().length;
    await syncEngine.networkReturned();

    expect(await syncEngine.pendingOf('grade')).toEqual([]);
    // One PUT: the whole, newest grade.
    expect(puts().slice(before)).toEqual([
      {
        scores: [
          { position: 1, criterion: 0, points: 2 },
          { position: 1, criterion: 1, points: 3 },
        ],
        clientUpdatedAt: at(3).toISOString(),
        // The device clock at sending: the server corrects a clock that runs off by it.
        clientSentAt: expect.any(String),
      },
    ]);
    expect(stored.total).toBe(5);
    // The panel's query holds the server's answer.
    expect(queryClient.getQueryData(scoresQueryKey(7))).toEqual(answer(5));
  });

  it('a late replay of an older grade does not overwrite a newer one: the stored grade comes back', async () => {
    online = true;
    stored = { total: 9, clientUpdatedAt: at(30).toISOString() };
    await enqueueGrade(7, [{ position: 1, criterion: 0, points: 1 }], at(10));
    await syncEngine.kick();

    expect(await syncEngine.pendingOf('grade')).toEqual([]);
    expect(stored.total).toBe(9);
    expect(queryClient.getQueryData(scoresQueryKey(7))).toEqual(answer(9));
  });
});
