// @vitest-environment node
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamRecorder, type RecorderFault } from '@/features/exam-session/model/exam-recorder';
import { pickRecordingMime } from '@/features/exam-session/model/recorder-devices';
import type { StorageHealth } from '@/features/exam-session/model/chunk-writer';
import { LocalDb } from '@/lib/local-db';
import { heldRecordingLocks } from '@/lib/recording-lock';
import { RecordingStore } from '@/lib/recording-store';
import { FakeLocks } from '../../helpers/fake-locks';
import { fakeDevices, fakeStream } from './fake-media';

let db: LocalDb;
let store: RecordingStore;
let locks: FakeLocks;

const meta = (clientId = 'rec-1') => ({
  clientId,
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: null,
  ownerId: '7',
});

/** The answer window of a task without questions. */
const plain = (taskIndex: number) => ({ taskIndex, windowIndex: 0, question: false });

beforeEach(() => {
  db = new LocalDb(`recorder-${Math.random()}`);
  store = new RecordingStore(db);
  locks = new FakeLocks();
});
afterEach(async () => {
  await db.delete();
});

describe('exam recorder', () => {
  it('holds the recording lock from before its row exists until it is let go', async () => {
    const { devices } = fakeDevices(locks.api);
    const { stream } = fakeStream();
    let lockedAtCreate = false;
    const create = store.create.bind(store);
    store.create = async (rec) => {
      lockedAtCreate = (await heldRecordingLocks(locks.api)).has(rec.clientId);
      return create(rec);
    };
    const recorder = await ExamRecorder.create(stream, store, meta(), {}, devices);
    expect(lockedAtCreate).toBe(true);
    await recorder.beginWindow(plain(0));
    await recorder.finish();
    // Finished but not yet queued: still this tab's.
    expect(await heldRecordingLocks(locks.api)).toEqual(new Set(['rec-1']));
    recorder.release();
    await expect.poll(() => heldRecordingLocks(locks.api)).toEqual(new Set());
  });

  it('keeps recording through refused chunk writes, tells, and stores every chunk in the end', async () => {
    const { devices, recorders } = fakeDevices(locks.api);
    const { stream } = fakeStream();
    let refusals = 1;
    const append = store.appendChunk.bind(store);
    store.appendChunk = async (...args) => {
      if (refusals > 0) {
        refusals -= 1;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return append(...args);
    };
    const health: StorageHealth[] = [];
    const recorder = await ExamRecorder.create(
      stream,
      store,
      meta(),
      { onHealth: (h) => health.push(h) },
      devices,
    );
    await recorder.beginWindow(plain(0));
    const [media] = recorders;
    media.emit(new Blob(['A1']));
    media.emit(new Blob(['A2']));
    await expect.poll(() => recorder.storageHealth().error).toBeInstanceOf(DOMException);
    media.emit(new Blob(['A3']));
    recorder.endWindow();
    await recorder.beginWindow(plain(1));
    media.emit(new Blob(['B1']));
    const result = await recorder.finish();

    expect(result.taskStarts).toHaveLength(2);
    const assembled = await store.assemble('rec-1');
    expect(await assembled?.blob.text()).toBe('A1A2A3B1');
    expect(assembled?.recording.taskStarts).toEqual(result.taskStarts);
    expect(health.some((h) => h.error)).toBe(true);
    expect(recorder.storageHealth()).toMatchObject({ error: null, recovered: true });
    recorder.release();
  });

  it('reports a lost microphone once and keeps what was recorded', async () => {
    const { devices, recorders } = fakeDevices(locks.api);
    const { stream, track } = fakeStream();
    const faults: RecorderFault[] = [];
    const recorder = await ExamRecorder.create(
      stream,
      store,
      meta(),
      { onFault: (f) => faults.push(f) },
      devices,
    );
    await recorder.beginWindow(plain(0));
    recorders[0].emit(new Blob(['before']));
    track.unplug();
    track.unplug();
    expect(faults).toEqual(['microphone-lost']);
    recorders[0].stop();
    await recorder.finish();
    expect(await (await store.assemble('rec-1'))?.blob.text()).toBe('before');
    expect(track.stopped).toBe(true);
    recorder.release();
  });

  it('reports a recorder error as a fault', async () => {
    const { devices, recorders } = fakeDevices(locks.api);
    const faults: RecorderFault[] = [];
    const recorder = await ExamRecorder.create(
      fakeStream().stream,
      store,
      meta(),
      { onFault: (f) => faults.push(f) },
      devices,
    );
    await recorder.beginWindow(plain(0));
    recorders[0].fail();
    expect(faults).toEqual(['recorder-error']);
    await recorder.finish();
    recorder.release();
  });

  it('records audio/mp4 where WebM is missing (iOS Safari), and the chunks make the recorded file', async () => {
    expect(pickRecordingMime((m) => m.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=opus');
    expect(pickRecordingMime((m) => m === 'audio/mp4')).toBe('audio/mp4');

    // Recorded by Chromium with audio/mp4;codecs=opus from the fake microphone (1.2 s, a pause,
    // 1 s), in the chunks its MediaRecorder delivered: the first one is the init segment.
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/recording-opus.m4a'));
    const sizes = [641, 3766, 4460, 626];
    expect(sizes.reduce((a, b) => a + b)).toBe(file.length);
    const { devices, recorders } = fakeDevices(locks.api, (m) => m.startsWith('audio/mp4'));
    const recorder = await ExamRecorder.create(fakeStream().stream, store, meta('mp4'), {}, devices);
    expect(recorder.mime).toBe('audio/mp4;codecs=opus');
    expect(recorders[0].options).toMatchObject({
      mimeType: 'audio/mp4;codecs=opus',
      audioBitsPerSecond: 32_000,
    });
    await recorder.beginWindow(plain(0));
    let offset = 0;
    for (const size of sizes) {
      recorders[0].emit(new Blob([file.subarray(offset, offset + size)]));
      offset += size;
    }
    await recorder.finish();
    recorder.release();

    const assembled = await store.assemble('mp4');
    expect(assembled?.blob.type).toBe('audio/mp4;codecs=opus');
    const bytes = Buffer.from(await assembled!.blob.arrayBuffer());
    expect(bytes.equals(file)).toBe(true);
    // What the server sniffs: an ISO-BMFF `ftyp` box first, then the movie header.
    expect(bytes.subarray(4, 8).toString('ascii')).toBe('ftyp');
    expect(bytes.includes(Buffer.from('moov'))).toBe(true);
  });

  it('marks where each task and each question began, pausing between windows, and keeps them on the device', async () => {
    const { devices, recorders } = fakeDevices(locks.api);
    const recorder = await ExamRecorder.create(fakeStream().stream, store, meta(), {}, devices);
    const [media] = recorders;
    const clock = vi.spyOn(performance, 'now');
    const windowAt = async (
      ms: number,
      mark: { taskIndex: number; windowIndex: number; question: boolean },
    ) => {
      clock.mockReturnValue(ms);
      await recorder.beginWindow(mark);
    };
    const endAt = (ms: number) => {
      clock.mockReturnValue(ms);
      recorder.endWindow();
    };
    try {
      // A plain task (10 s), then a task of two questions (4 s and 6 s, 30 s of listening
      // between them not recorded), then another plain one (2 s).
      await windowAt(0, plain(0));
      endAt(10_000);
      expect(media.state).toBe('paused');
      await windowAt(20_000, { taskIndex: 1, windowIndex: 0, question: true });
      media.emit(new Blob(['q1']));
      endAt(24_000);
      expect(media.state).toBe('paused');
      await windowAt(54_000, { taskIndex: 1, windowIndex: 1, question: true });
      endAt(60_000);
      await windowAt(70_000, plain(2));
      endAt(72_000);
      const result = await recorder.finish();
      expect(result).toMatchObject({
        duration: 22,
        taskStarts: [0, 10, 20],
        questionStarts: [[], [10, 14], []],
      });
      expect(Number.isNaN(Date.parse(result.recordedAt))).toBe(false);
      expect(await store.get('rec-1')).toMatchObject({
        duration: 22,
        taskStarts: [0, 10, 20],
        questionStarts: [[], [10, 14], []],
        recordedAt: result.recordedAt,
      });
    } finally {
      clock.mockRestore();
      recorder.release();
    }
  });

  it('keeps the question starts so far with every chunk, so a recording cut short has them', async () => {
    const { devices, recorders } = fakeDevices(locks.api);
    const recorder = await ExamRecorder.create(fakeStream().stream, store, meta(), {}, devices);
    await recorder.beginWindow({ taskIndex: 0, windowIndex: 0, question: true });
    recorder.endWindow();
    await recorder.beginWindow({ taskIndex: 0, windowIndex: 1, question: true });
    recorders[0].emit(new Blob(['A']));
    await expect.poll(async () => (await store.get('rec-1'))?.questionStarts?.[0]?.length).toBe(2);
    expect((await store.get('rec-1'))?.recordedAt).toBeUndefined();
    recorder.release();
  });
});
