// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ABANDONED_AFTER_MS,
  finishAbandonedRecordings,
  InterruptedRecordingWatcher,
} from '@/features/exam-session/model/interrupted-recordings';
import { type RecordingNotice, recordingNotice } from '@/features/exam-session/model/recording-notices';
import { LocalDb, type LocalRecording } from '@/lib/local-db';
import { holdRecordingLock, recordingLockName } from '@/lib/recording-lock';
import { RecordingStore } from '@/lib/recording-store';
import { FakeLocks } from '../../helpers/fake-locks';

let db: LocalDb;
let store: RecordingStore;
let locks: FakeLocks;
let finished: string[];

const meta = (clientId: string, ownerId = '7') => ({
  clientId,
  examId: 3,
  examName: 'Экзамен',
  variantId: 4,
  sessionId: null,
  mime: 'audio/webm;codecs=opus',
  ownerId,
});

/** What the app does with a cut-off recording (enqueueRecording, without the outbox). */
async function finish(recording: LocalRecording) {
  finished.push(recording.clientId);
  await store.markInterrupted(recording.clientId);
  await store.markQueued(recording.clientId);
}

/** Another tab: it takes the lock, then creates the row, as the recorder does. */
async function tabRecording(clientId: string) {
  const release = await holdRecordingLock(clientId, locks.api);
  await store.create(meta(clientId));
  return release;
}

const watcher = (withLocks = true) =>
  new InterruptedRecordingWatcher({ store, locks: withLocks ? locks.api : undefined, finish });

beforeEach(() => {
  db = new LocalDb(`interrupted-${Math.random()}`);
  store = new RecordingStore(db);
  locks = new FakeLocks();
  finished = [];
});
afterEach(async () => {
  await db.delete();
});

describe('interrupted recordings', () => {
  it('finishes a recording nobody holds (a reload or a closed tab) without being asked', async () => {
    const release = await tabRecording('cut');
    release(); // the tab went away
    await watcher().check();
    expect(finished).toEqual(['cut']);
    expect(await store.get('cut')).toMatchObject({ status: 'queued', interrupted: true });
  });

  it('leaves a recording another tab records alone, and finishes it when that tab goes', async () => {
    const release = await tabRecording('live');
    const w = watcher();
    await w.check();
    expect(finished).toEqual([]);
    expect(await store.get('live')).toMatchObject({ status: 'recording' });
    release(); // that tab crashed mid-exam: the row still says 'recording'
    await w.settled();
    expect(finished).toEqual(['live']);
  });

  it('does not touch a recording its tab finished normally before letting go', async () => {
    const release = await tabRecording('done');
    const w = watcher();
    await w.check();
    await store.markQueued('done');
    release();
    await w.settled();
    expect(finished).toEqual([]);
    expect((await store.get('done'))?.interrupted).toBeUndefined();
  });

  it('finishes one recording once when two tabs watch it', async () => {
    const release = await tabRecording('both');
    const [a, b] = [watcher(), watcher()];
    await Promise.all([a.check(), b.check()]);
    release();
    await Promise.all([a.settled(), b.settled()]);
    expect(finished).toEqual(['both']);
  });

  it('does nothing without Web Locks (it cannot tell a live recording from a cut-off one)', async () => {
    await store.create(meta('unknown'));
    await watcher(false).check();
    expect(finished).toEqual([]);
  });

  it('stops waiting when stopped', async () => {
    const release = await tabRecording('left');
    const w = watcher();
    await w.check();
    w.stop();
    await w.settled();
    release();
    // Taking the lock now waits for whoever still waited on it to have done its work.
    await locks.api.request(recordingLockName('left'), () => undefined);
    expect(finished).toEqual([]);
  });
});

describe('the service worker waking with no page open', () => {
  const deps = () => ({ store, locks: locks.api, finish });
  const lastChunkAt = async (clientId: string) => Date.parse((await store.get(clientId))!.updatedAt);

  it('queues as interrupted a recording nobody holds whose last chunk is over a minute old', async () => {
    await store.create(meta('dead-tab'));
    const at = await lastChunkAt('dead-tab');
    expect(await finishAbandonedRecordings(deps(), at + ABANDONED_AFTER_MS + 1)).toBe(0);
    expect(finished).toEqual(['dead-tab']);
    expect(await store.get('dead-tab')).toMatchObject({ status: 'queued', interrupted: true });
  });

  it('leaves a recording a tab holds, or one written to within the minute, and says they are still being made', async () => {
    const release = await tabRecording('live-tab');
    await store.create(meta('fresh'));
    const at = Math.max(await lastChunkAt('live-tab'), await lastChunkAt('fresh'));
    expect(await finishAbandonedRecordings(deps(), at + ABANDONED_AFTER_MS + 1)).toBe(1);
    expect(finished).toEqual(['fresh']);
    release();
    await store.create(meta('just-now'));
    expect(await finishAbandonedRecordings(deps(), (await lastChunkAt('just-now')) + 1_000)).toBe(2);
    expect(finished).toEqual(['fresh']);
  });
});

describe('the banner about recordings on the device', () => {
  const row = (patch: Partial<LocalRecording>): LocalRecording => ({
    ...meta('r'),
    createdAt: '',
    updatedAt: '',
    duration: 5,
    taskStarts: [0],
    status: 'recording',
    ...patch,
  });
  const notice = (r: LocalRecording, held: string[], locksAvailable = true): RecordingNotice | null =>
    recordingNotice(r, { held: new Set(held), locksAvailable });

  it('never lists a recording a tab is recording now', () => {
    expect(notice(row({}), ['r'])).toBeNull();
    expect(notice(row({}), ['r'], false)).toBeNull();
  });

  it('says a cut-off recording goes out by itself, until the server has it', () => {
    expect(notice(row({}), [])).toBe('interrupted');
    expect(notice(row({ status: 'queued', interrupted: true }), [])).toBe('interrupted');
    expect(notice(row({ status: 'queued' }), [])).toBeNull();
  });

  it('offers to send by hand only where the browser has no Web Locks', () => {
    expect(notice(row({}), [], false)).toBe('send-by-hand');
  });
});
