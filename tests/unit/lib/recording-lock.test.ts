import { describe, expect, it, vi } from 'vitest';
import {
  heldRecordingLocks,
  holdRecordingLock,
  recordingLockName,
  whenNoRecordingInProgress,
} from '@/lib/recording-lock';
import { FakeLocks } from '../helpers/fake-locks';

describe('recording locks', () => {
  it('names one lock per recording and lists the recordings being made', async () => {
    const locks = new FakeLocks();
    expect(recordingLockName('abc')).toBe('ustno-recording:abc');
    await locks.api.request('ustno-outbox', async () => {
      const release = await holdRecordingLock('abc', locks.api);
      expect(await heldRecordingLocks(locks.api)).toEqual(new Set(['abc']));
      release();
    });
    expect(await heldRecordingLocks(locks.api)).toEqual(new Set());
  });

  it('lets an update wait until no tab records', async () => {
    const locks = new FakeLocks();
    const releaseA = await holdRecordingLock('a', locks.api);
    const releaseB = await holdRecordingLock('b', locks.api);
    let free = false;
    const waiting = whenNoRecordingInProgress({ locks: locks.api }).then(() => {
      free = true;
    });
    releaseA();
    // It moves on to b's lock and waits there.
    await vi.waitFor(async () =>
      expect((await locks.api.query()).pending).toEqual([
        expect.objectContaining({ name: recordingLockName('b'), mode: 'shared' }),
      ]),
    );
    expect(free).toBe(false);
    releaseB();
    await waiting;
    expect(free).toBe(true);
  });

  it('gives up waiting when aborted', async () => {
    const locks = new FakeLocks();
    await holdRecordingLock('a', locks.api);
    const abort = new AbortController();
    const waiting = whenNoRecordingInProgress({ locks: locks.api, signal: abort.signal });
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
