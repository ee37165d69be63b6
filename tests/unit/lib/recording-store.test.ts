// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '@/lib/local-db';
import { CONFIRMED_KEPT_MS, RecordingStore } from '@/lib/recording-store';

let db: LocalDb;
let store: RecordingStore;

const meta = {
  clientId: 'c-1',
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: 5,
  mime: 'audio/webm;codecs=opus',
  ownerId: '7',
};

beforeEach(async () => {
  db = new LocalDb(`rec-${Math.random()}`);
  store = new RecordingStore(db);
});
afterEach(async () => {
  await db.delete();
});

describe('recording store', () => {
  it('assembles the chunks in order with their peaks and the running progress', async () => {
    await store.create(meta);
    await store.appendChunk(
      'c-1',
      { seq: 1, blob: new Blob(['BB']), peaks: [0.2] },
      { duration: 2, taskStarts: [0], questionStarts: [[]] },
    );
    await store.appendChunk(
      'c-1',
      { seq: 0, blob: new Blob(['AA']), peaks: [0.1] },
      { duration: 1, taskStarts: [0], questionStarts: [[]] },
    );
    await store.appendChunk(
      'c-1',
      { seq: 2, blob: new Blob(['CC']), peaks: [0.3, 0.4] },
      { duration: 3, taskStarts: [0, 2.5], questionStarts: [[], [2.5]] },
    );
    const assembled = await store.assemble('c-1');
    expect(await assembled?.blob.text()).toBe('AABBCC');
    expect(assembled?.blob.type).toBe('audio/webm;codecs=opus');
    expect(assembled?.peaks).toEqual([0.1, 0.2, 0.3, 0.4]);
    expect(assembled?.recording).toMatchObject({
      duration: 3,
      taskStarts: [0, 2.5],
      questionStarts: [[], [2.5]],
      status: 'recording',
    });
  });

  it("lists the recordings in progress and each user's own, flags interrupted ones, and forgets a removed one", async () => {
    await store.create(meta);
    await store.create({ ...meta, clientId: 'c-2' });
    await store.create({ ...meta, clientId: 'c-3', ownerId: '8' });
    await store.markQueued('c-1');
    expect((await store.recordingNow()).map((r) => r.clientId).sort()).toEqual(['c-2', 'c-3']);
    // Another student's recording is not listed for this one (a shared device).
    expect((await store.recordingsOf('7')).map((r) => r.clientId).sort()).toEqual(['c-1', 'c-2']);
    expect((await store.recordingsOf('8')).map((r) => r.clientId)).toEqual(['c-3']);
    await store.markInterrupted('c-2');
    expect(await store.get('c-2')).toMatchObject({ status: 'recording', interrupted: true });
    await store.appendChunk(
      'c-2',
      { seq: 0, blob: new Blob(['x']), peaks: [] },
      { duration: 1, taskStarts: [0], questionStarts: [[]] },
    );
    await store.remove('c-2');
    expect(await store.get('c-2')).toBeUndefined();
    expect(await store.chunkCount('c-2')).toBe(0);
  });

  it('stamps the end of a recording cut short with its last write, and keeps a stamp its recorder made', async () => {
    await store.create(meta);
    await store.appendChunk(
      'c-1',
      { seq: 0, blob: new Blob(['x']), peaks: [] },
      { duration: 1, taskStarts: [0], questionStarts: [[]] },
    );
    const lastChunk = (await store.get('c-1'))?.updatedAt;
    expect(lastChunk).toBeDefined();
    expect((await store.get('c-1'))?.recordedAt).toBeUndefined();
    await store.stampRecordedAt('c-1');
    // Queueing changes updatedAt later; the stamp stays the last chunk's.
    await store.markQueued('c-1');
    expect((await store.get('c-1'))?.recordedAt).toBe(lastChunk);

    await store.create({ ...meta, clientId: 'c-2' });
    await store.updateProgress(
      'c-2',
      { duration: 5, taskStarts: [0], questionStarts: [[]] },
      '2026-12-01T10:05:00.000Z',
    );
    await store.stampRecordedAt('c-2');
    expect(await store.get('c-2')).toMatchObject({ duration: 5, recordedAt: '2026-12-01T10:05:00.000Z' });
  });

  it('notes a confirmed recording as it lets the copy go, for its owner, and drops notes past a month', async () => {
    await store.create(meta);
    await store.appendChunk(
      'c-1',
      { seq: 0, blob: new Blob(['x']), peaks: [] },
      { duration: 1, taskStarts: [0], questionStarts: [[]] },
    );
    await store.create({ ...meta, clientId: 'c-2', examId: 9 });
    await store.removeConfirmed('c-1', 1_000);
    expect(await store.get('c-1')).toBeUndefined();
    expect(await store.chunkCount('c-1')).toBe(0);
    expect(await store.confirmedOf('7')).toEqual([{ clientId: 'c-1', examId: 3, ownerId: '7', at: 1_000 }]);
    expect(await store.confirmedOf('8')).toEqual([]);
    // A month later the first note has done its work.
    await store.removeConfirmed('c-2', 1_000 + CONFIRMED_KEPT_MS + 1);
    expect((await store.confirmedOf('7')).map((c) => c.clientId)).toEqual(['c-2']);
    // A repeat for a recording already gone notes nothing.
    await store.removeConfirmed('c-1', 5_000);
    expect((await store.confirmedOf('7')).map((c) => c.clientId)).toEqual(['c-2']);
  });
});
