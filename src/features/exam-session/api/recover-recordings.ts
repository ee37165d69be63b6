import { liveQuery } from 'dexie';
import { recordingStore } from '@/lib/device-sync';
import { browserLocks } from '@/lib/recording-lock';
import { finishAbandonedRecordings, InterruptedRecordingWatcher } from '../model/interrupted-recordings';
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

/**
 * The service worker's look at recordings still 'recording' when it wakes (no page may be open):
 * those a dead tab left are queued as interrupted. Answers how many are still being made.
 */
export function queueAbandonedRecordings(now: number = Date.now()): Promise<number> {
  return finishAbandonedRecordings(
    {
      store: recordingStore,
      locks: browserLocks(),
      finish: (r) => enqueueRecording(r.clientId, r.examName, { interrupted: true }),
    },
    now,
  );
}
