// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  enqueueRecording,
  recordingOutboxKey,
  recordingTimes,
} from '@/features/exam-session/api/complete-exam';
import { localDb } from '@/lib/local-db';
import { recordingStore, syncEngine } from '@/lib/device-sync';

const meta = (clientId: string) => ({
  clientId,
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: null,
  mime: 'audio/webm;codecs=opus',
  ownerId: '7',
});

beforeAll(() => {
  // No one signed in (the page reads the owner from localStorage, which Node lacks): the drain
  // that queueing starts leaves the owner's item waiting, as on a device after logout.
  syncEngine.setCurrentOwner(() => null);
});

afterEach(async () => {
  await localDb.outbox.clear();
  await localDb.recordings.clear();
});

describe('queueing a recording', () => {
  it('never queues a recording whose row is gone (sent already, or removed)', async () => {
    await enqueueRecording('gone', 'Экзамен');
    expect(await localDb.outbox.count()).toBe(0);
    expect(await recordingStore.get('gone')).toBeUndefined();
  });

  it("queues an interrupted recording in its owner's name, flagged before it can be sent", async () => {
    await recordingStore.create(meta('cut'));
    await enqueueRecording('cut', 'Экзамен', { interrupted: true });
    const [report, item] = await localDb.outbox.toArray();
    expect(item).toMatchObject({ key: recordingOutboxKey('cut'), owner: '7', payload: { clientId: 'cut' } });
    // The teacher's view hears first that the answer waits on the device (no chunks: 0 bytes).
    expect(report).toMatchObject({
      kind: 'progress',
      owner: '7',
      payload: { examId: 3, clientId: 'cut', variantID: 4, state: 'finished', pendingBytes: 0 },
    });
    expect(await recordingStore.get('cut')).toMatchObject({ status: 'queued', interrupted: true });
  });
});

describe('the times a recording is sent with', () => {
  it('are rounded together, so a task begun as the recording was cut never starts past its end', () => {
    // Measured: the last task began 0.4 ms before the cut; rounded alone it was 0.5 ms past it.
    expect(recordingTimes({ duration: 12.50004, taskStarts: [0, 6.2501, 12.50046] })).toEqual({
      duration: 12.5,
      taskStarts: [0, 6.25, 12.5],
    });
  });

  it('never say a recording is shorter than a tenth of a second', () => {
    expect(recordingTimes({ duration: 0, taskStarts: [0] })).toEqual({ duration: 0.1, taskStarts: [0] });
  });

  it('round the question starts with the task starts, never past the end', () => {
    expect(
      recordingTimes({
        duration: 12.50004,
        taskStarts: [0, 6.2501],
        questionStarts: [[], [6.2501, 12.50046]],
      }),
    ).toEqual({ duration: 12.5, taskStarts: [0, 6.25], questionStarts: [[], [6.25, 12.5]] });
  });
});
