// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChunkWriter, type StorageHealth } from '@/features/exam-session/model/chunk-writer';
import { LocalDb } from '@/lib/local-db';
import { RecordingStore } from '@/lib/recording-store';

let db: LocalDb;
let store: RecordingStore;

const meta = {
  clientId: 'c-1',
  examId: 1,
  examName: 'Экзамен',
  variantId: 2,
  sessionId: null,
  mime: 'audio/webm;codecs=opus',
  ownerId: '7',
};

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const noWait = () => Promise.resolve();

beforeEach(async () => {
  db = new LocalDb(`writer-${Math.random()}`);
  store = new RecordingStore(db);
  await store.create(meta);
});
afterEach(async () => {
  await db.delete();
});

function chunkWrite(seq: number, text: string) {
  const blob = new Blob([text]);
  return [
    () =>
      store.appendChunk(
        'c-1',
        { seq, blob, peaks: [seq] },
        { duration: seq + 1, taskStarts: [0], questionStarts: [[]] },
      ),
    blob,
  ] as const;
}

describe('chunk writer', () => {
  it('keeps a chunk the device refused, retries it, tells, and drops nothing written after it', async () => {
    let refusals = 2;
    const append = store.appendChunk.bind(store);
    store.appendChunk = async (...args) => {
      if (refusals > 0) {
        refusals -= 1;
        throw quotaError();
      }
      return append(...args);
    };
    const health: StorageHealth[] = [];
    const writer = new ChunkWriter(store, { onHealth: (h) => health.push(h), sleep: noWait });
    writer.push(...chunkWrite(0, 'AA'));
    writer.push(...chunkWrite(1, 'BB'));
    writer.push(...chunkWrite(2, 'CC'));
    // While failing, the unsaved chunks are in memory, in order.
    expect(writer.unsavedBlobs()).toHaveLength(3);
    await writer.settled();

    const assembled = await store.assemble('c-1');
    expect(await assembled?.blob.text()).toBe('AABBCC');
    expect(assembled?.peaks).toEqual([0, 1, 2]);
    expect(assembled?.recording.duration).toBe(3);
    expect(health[0].error).toBeInstanceOf(DOMException);
    expect(health.at(-1)).toEqual({ error: null, unsaved: 0, recovered: true });
    expect(writer.unsavedBlobs()).toEqual([]);
  });

  it('opens a database that was closed under it again and goes on', async () => {
    const writer = new ChunkWriter(store, { sleep: noWait });
    writer.push(...chunkWrite(0, 'AA'));
    await writer.settled();
    db.close();
    writer.push(...chunkWrite(1, 'BB'));
    await writer.settled();
    expect(await (await store.assemble('c-1'))?.blob.text()).toBe('AABB');
    expect(writer.getHealth()).toMatchObject({ error: null, recovered: true });
  });

  it('waits longer between retries the longer the device refuses, up to a few seconds', async () => {
    let refusals = 6;
    const waits: number[] = [];
    const writer = new ChunkWriter(
      { reopen: () => Promise.resolve() },
      { sleep: async (ms) => void waits.push(ms) },
    );
    writer.push(async () => {
      if (refusals-- > 0) throw quotaError();
    });
    await writer.settled();
    expect(waits).toEqual([250, 1000, 2000, 5000, 5000, 5000]);
  });
});
