// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentKind, enqueueCommentOp, newCommentClientId } from '@/features/review/api/comment-ops';
import { enqueueVoiceOp, pendingVoiceOf, voiceContentType, voiceKind } from '@/features/review/api/voice-ops';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

let server: TestHttpServer;
let restoreFetch: () => void;
let online = false;

const commentAnswer = (id: number) => ({
  id,
  start: 1,
  end: 2,
  comment: 'Голосовой комментарий',
  voice: null,
});

// Node keeps Blobs whole through fake-indexeddb (jsdom's do not survive the clone); the session
// lives in localStorage, which Node lacks.
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  syncEngine.registerKinds([commentKind, voiceKind]);
});

afterAll(async () => {
  syncEngine.stop();
  restoreFetch();
  await server.close();
});

beforeEach(async () => {
  online = false;
  server.seen.length = 0;
  // Offline every answer is lost on the way; online the comment calls answer as the server does.
  server.handle((req) => {
    if (!online) return { status: 200, body: {}, cutBody: true };
    if (req.method === 'POST' && req.path === '/api/teacher/comment')
      return { status: 200, body: commentAnswer(42) };
    if (req.path.startsWith('/api/teacher/comment/42/voice')) return { status: 200, body: commentAnswer(42) };
    if (req.method === 'GET' && req.path.startsWith('/api/teacher/audios/')) return { status: 404, body: {} };
    return { status: 404, body: { message: 'Комментарий не найден' } };
  });
  await localDb.outbox.clear();
  await localDb.kv.clear();
  tokenStore.set({ access_token: 'access' });
});

const calls = () =>
  server.seen.filter((r) => r.path.startsWith('/api/teacher/comment')).map((r) => [r.method, r.path, r.body]);

const voice = (text: string) => new Blob([text], { type: 'audio/webm;codecs=opus' });

describe('the voice kind', () => {
  it("goes after its comment's creation made offline, to the id the creation got, with its bytes and duration", async () => {
    const clientId = newCommentClientId();
    await enqueueCommentOp({
      op: 'create',
      audioId: 7,
      clientId,
      start: 1,
      end: 2,
      comment: 'Голосовой комментарий',
    });
    await enqueueVoiceOp({
      op: 'put',
      audioId: 7,
      target: { clientId },
      blob: voice('голос'),
      mime: 'audio/webm;codecs=opus',
      duration: 12.34,
    });
    await syncEngine.kick();
    expect((await syncEngine.pendingOf('voice')).map((i) => i.payload.op)).toEqual(['put']);

    online = true;
    await syncEngine.networkReturned();

    expect(await syncEngine.pendingOf('voice')).toEqual([]);
    expect(await syncEngine.pendingOf('comment')).toEqual([]);
    const made = calls();
    const post = made.findLastIndex(([method]) => method === 'POST');
    const put = made.findIndex(([method]) => method === 'PUT');
    expect(post).toBeGreaterThanOrEqual(0);
    expect(put).toBeGreaterThan(post);
    expect(made[put]).toEqual(['PUT', '/api/teacher/comment/42/voice?duration=12.3', 'голос']);
  });

  it('sends only the newest voice of a comment: a later recording replaces the earlier one waiting', async () => {
    await enqueueVoiceOp({
      op: 'put',
      audioId: 7,
      target: { id: 42 },
      blob: voice('первый'),
      mime: 'audio/webm;codecs=opus',
      duration: 3,
    });
    await enqueueVoiceOp({
      op: 'put',
      audioId: 7,
      target: { id: 42 },
      blob: voice('второй'),
      mime: 'audio/webm;codecs=opus',
      duration: 4,
    });
    online = true;
    await syncEngine.kick();
    expect(calls()).toEqual([['PUT', '/api/teacher/comment/42/voice?duration=4', 'второй']]);
    expect(await syncEngine.pendingOf('voice')).toEqual([]);
  });

  it('removes a voice with DELETE, and a removal queued after a recording leaves only the DELETE', async () => {
    await enqueueVoiceOp({
      op: 'put',
      audioId: 7,
      target: { id: 42 },
      blob: voice('голос'),
      mime: 'audio/mp4',
      duration: 5,
    });
    await enqueueVoiceOp({ op: 'remove', audioId: 7, target: { id: 42 } });
    online = true;
    await syncEngine.kick();
    expect(calls()).toEqual([['DELETE', '/api/teacher/comment/42/voice', '']]);
  });

  it('drops a voice whose comment is gone (404) instead of retrying it', async () => {
    await enqueueVoiceOp({
      op: 'put',
      audioId: 7,
      target: { id: 99 },
      blob: voice('голос'),
      mime: 'audio/webm;codecs=opus',
      duration: 5,
    });
    online = true;
    await syncEngine.kick();
    expect(calls()).toEqual([['PUT', '/api/teacher/comment/99/voice?duration=5', 'голос']]);
    expect(await syncEngine.pendingOf('voice')).toEqual([]);
  });

  it('names the content type the server takes, and finds the newest waiting voice of a comment', () => {
    expect(voiceContentType('audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
    expect(voiceContentType('audio/mp4;codecs=mp4a.40.2')).toBe('audio/mp4');
    const ops = [
      { op: 'remove' as const, audioId: 7, target: { clientId: 'a' } },
      { op: 'remove' as const, audioId: 7, target: { id: 3 } },
    ];
    expect(pendingVoiceOf(ops, { clientId: 'a' })).toBe(ops[0]);
    expect(pendingVoiceOf(ops, { id: 3 })).toBe(ops[1]);
    expect(pendingVoiceOf(ops, { id: 4 })).toBeNull();
  });
});
