import { liveQuery } from 'dexie';
import { recordingStore } from '../../../lib/device-sync';
import { browserLocks, recordingLockName } from '../../../lib/recording-lock';
import { InterruptedRecordingWatcher } from '../model/interrupted-recordings';
import { enqueueRecording } from './complete-exam';

/**
 * Finishes and queues cut-off recordings without the student doing anything: at app start and
 * whenever the device's set of recordings in progress changes (another tab started one, or its
 * lock was let go). Returns a function that stops watching.
 */
export function startInterruptedRecordingWatcher(): () => void {
  const watcher = new InterruptedRecordingWatcher({
    store: recordingStore,
    locks: browserLocks(),
    finish: (r) => enqueueRecording(r.clientId, r.examName, { interrupted: true }),
  });
  const warn = (error: unknown) => console.warn('interrupted recordings', error);
  const subscription = liveQuery(() =>
    recordingStore.recordingNow().then((rows) => rows.map((r) => r.clientId).join(',')),
  ).subscribe({ next: () => void watcher.check().catch(warn), error: warn });
  return () => {
    subscription.unsubscribe();
    watcher.stop();
  };
}

/** A recording no tab has written to for this long, with nobody holding it, was cut off. */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * The service worker's look at recordings still 'recording' when it wakes (no page may be open):
 * one nobody holds (no Web Lock) whose last chunk is older than a minute is queued as
 * interrupted. Answers how many recordings are still being made (held, or written to within the
 * minute): the worker's sync fails then, so that the browser wakes it again later.
 */
export async function queueAbandonedRecordings(now: number = Date.now()): Promise<number> {
  const locks = browserLocks();
  if (!locks) return 0;
  let live = 0;
  for (const row of await recordingStore.recordingNow()) {
    if (now - Date.parse(row.updatedAt) < ABANDONED_AFTER_MS) {
      live += 1;
      continue;
    }
    const queued = await locks.request(
      recordingLockName(row.clientId),
      { ifAvailable: true },
      async (lock) => {
        if (!lock) return false;
        const current = await recordingStore.get(row.clientId);
        if (current?.status === 'recording') {
          await enqueueRecording(current.clientId, current.examName, { interrupted: true });
        }
        return true;
      },
    );
    if (!queued) live += 1;
  }
  return live;
}
