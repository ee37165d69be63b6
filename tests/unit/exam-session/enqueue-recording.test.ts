// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueRecording, recordingOutboxKey } from '../../../src/features/exam-session/api/complete-exam';
import { localDb } from '../../../src/lib/local-db';
import { recordingStore, syncEngine } from '../../../src/lib/device-sync';

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
    const [item] = await localDb.outbox.toArray();
    expect(item).toMatchObject({ key: recordingOutboxKey('cut'), owner: '7', payload: { clientId: 'cut' } });
    expect(await recordingStore.get('cut')).toMatchObject({ status: 'queued', interrupted: true });
  });
});
