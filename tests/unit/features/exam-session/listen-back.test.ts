// @vitest-environment node
// (Node's Blob goes into the device database and back whole; jsdom's does not.)
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenBackOf } from '@/features/exam-session/model/listen-back';
import { LocalDb } from '@/lib/local-db';
import { RecordingStore } from '@/lib/recording-store';

const recorded = new Uint8Array(readFileSync('scripts/demo/answer.webm'));
const meta = {
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: 5,
  mime: 'audio/webm;codecs=opus',
  ownerId: '7',
};

let db: LocalDb;
let store: RecordingStore;
beforeEach(() => {
  db = new LocalDb(`listen-${Math.random()}`);
  store = new RecordingStore(db);
});
afterEach(async () => {
  await db.delete();
});

/** Where the header's Duration (id, size 8) is, or -1. */
const durationAt = (bytes: Uint8Array) =>
  bytes.findIndex((b, i) => b === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88);

describe('the answer to listen back to', () => {
  it('is the stored recording in memory with its length in its header, still whole once the device copy is gone', async () => {
    await store.create({ clientId: 'c-1', ...meta });
    const progress = { duration: 15.02, taskStarts: [0, 6.5], questionStarts: [[], [6.5, 11]] };
    await store.appendChunk(
      'c-1',
      { seq: 0, blob: new Blob([recorded.subarray(0, 5000)]), peaks: [0.1] },
      progress,
    );
    await store.appendChunk(
      'c-1',
      { seq: 1, blob: new Blob([recorded.subarray(5000)]), peaks: [0.2] },
      progress,
    );
    const listen = await listenBackOf(store, 'c-1');
    expect(listen).not.toBeNull();
    expect(listen!.duration).toBe(15.02);
    expect(listen!.taskStarts).toEqual([0, 6.5]);
    expect(listen!.questionStarts).toEqual([[], [6.5, 11]]);
    expect(listen!.blob.type).toBe('audio/webm;codecs=opus');
    // The server confirmed it: the device forgets its copy; the one in memory still plays.
    await store.removeConfirmed('c-1');
    expect(await store.get('c-1')).toBeUndefined();
    const bytes = new Uint8Array(await listen!.blob.arrayBuffer());
    expect(bytes.length).toBe(recorded.length + 11);
    expect(new DataView(bytes.buffer, durationAt(bytes) + 3, 8).getFloat64(0)).toBeCloseTo(15020, 6);
    // The audio after the header is the recording's, byte for byte.
    expect(bytes.subarray(bytes.length - 40000)).toEqual(recorded.subarray(recorded.length - 40000));
  });

  it('is none for a recording with nothing recorded, or one not on the device', async () => {
    await store.create({ clientId: 'c-2', ...meta });
    expect(await listenBackOf(store, 'c-2')).toBeNull();
    expect(await listenBackOf(store, 'missing')).toBeNull();
  });
});
