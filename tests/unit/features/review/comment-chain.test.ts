import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commentKind, enqueueCommentOp, newCommentClientId } from '@/features/review/api/comment-ops';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

let server: TestHttpServer;
let restoreFetch: () => void;
let online = false;

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  syncEngine.registerKinds([commentKind]);
  // The teacher's comment calls; offline, every answer is lost on the way (the connection drops).
  server.handle((req) => {
    if (!online) return { status: 200, body: {}, cutBody: true };
    if (req.method === 'POST' && req.path === '/api/teacher/comment') {
      const body = JSON.parse(req.body) as { start: number; end: number; comment: string };
      return { status: 200, body: { id: 42, ...body } };
    }
    if (req.method === 'PATCH' && req.path === '/api/teacher/comment') return { status: 200, body: {} };
    if (req.method === 'DELETE' && req.path === '/api/teacher/comment/42') return { status: 200, body: {} };
    if (req.method === 'GET' && req.path.startsWith('/api/teacher/audios/')) return { status: 404, body: {} };
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
  server.seen.length = 0;
  await localDb.outbox.clear();
  await localDb.kv.clear();
  tokenStore.set({ access_token: 'access' });
});

const sent = () =>
  server.seen
    .filter((r) => r.path.startsWith('/api/teacher/comment'))
    .map((r) => [r.method, r.path, r.body ? (JSON.parse(r.body) as Record<string, unknown>) : null]);

describe('an offline chain of comment changes', () => {
  it('creates, edits and deletes in order once online, the edit and delete aimed at the id the creation got', async () => {
    const clientId = newCommentClientId();
    await enqueueCommentOp({ op: 'create', audioId: 7, clientId, start: 1, end: 2, comment: 'Черновик' });
    await enqueueCommentOp({
      op: 'update',
      audioId: 7,
      target: { clientId },
      start: 1,
      end: 3,
      comment: 'Исправлено',
    });
    await enqueueCommentOp({ op: 'delete', audioId: 7, target: { clientId } });
    await syncEngine.kick();
    // Offline: nothing confirmed, all three wait in order.
    expect((await syncEngine.pendingOf('comment')).map((i) => i.payload.op)).toEqual([
      'create',
      'update',
      'delete',
    ]);

    online = true;
    await syncEngine.networkReturned();

    expect(await syncEngine.pendingOf('comment')).toEqual([]);
    // Offline tries of the creation came first (their answers were lost); then the chain.
    expect(sent().slice(-3)).toEqual([
      ['POST', '/api/teacher/comment', { audioID: 7, start: 1, end: 2, comment: 'Черновик', clientId }],
      [
        'PATCH',
        '/api/teacher/comment',
        // The edit carries when it was made and when it was sent: the server orders edits by them.
        {
          id: 42,
          start: 1,
          end: 3,
          comment: 'Исправлено',
          clientUpdatedAt: expect.any(String),
          clientSentAt: expect.any(String),
        },
      ],
      ['DELETE', '/api/teacher/comment/42', null],
    ]);
  });

  it('rewrites the waiting edit to the server id as soon as the creation is confirmed', async () => {
    const clientId = newCommentClientId();
    await enqueueCommentOp({ op: 'create', audioId: 7, clientId, start: 0, end: 1, comment: 'А' });
    await enqueueCommentOp({
      op: 'update',
      audioId: 7,
      target: { clientId },
      start: 0,
      end: 2,
      comment: 'Б',
    });
    // Only the creation goes through: the edit's PATCH is refused for now (503, retried later).
    online = true;
    server.handle((req) =>
      req.method === 'POST'
        ? { status: 200, body: { id: 42, start: 0, end: 1, comment: 'А' } }
        : req.method === 'PATCH'
          ? { status: 503, body: { message: 'Сервер недоступен' } }
          : { status: 404, body: {} },
    );
    await syncEngine.kick();
    const [waiting] = await syncEngine.pendingOf('comment');
    expect(waiting.payload).toMatchObject({ op: 'update', target: { id: 42 } });
  });

  it("keeps a created comment's server id for the changes queued meanwhile, and forgets ids confirmed long ago", async () => {
    const weekAndADay = 8 * 24 * 3600_000;
    await localDb.kv.bulkPut([
      { key: 'comment-id:from-an-older-version', value: '9' },
      { key: 'comment-id:long-ago', value: `8@${Date.now() - weekAndADay}` },
      { key: 'comment-id:yesterday', value: `7@${Date.now() - 24 * 3600_000}` },
    ]);
    online = true;
    const clientId = newCommentClientId();
    await enqueueCommentOp({ op: 'create', audioId: 7, clientId, start: 0, end: 1, comment: 'А' });
    await syncEngine.kick();
    expect((await localDb.kv.where('key').startsWith('comment-id:').primaryKeys()).sort()).toEqual(
      [`comment-id:${clientId}`, 'comment-id:yesterday'].sort(),
    );
    // An edit queued before the page learned the id still finds it.
    await enqueueCommentOp({
      op: 'update',
      audioId: 7,
      target: { clientId },
      start: 0,
      end: 2,
      comment: 'Б',
    });
    await syncEngine.kick();
    expect(sent().at(-1)).toMatchObject(['PATCH', '/api/teacher/comment', { id: 42, comment: 'Б' }]);
  });
});
