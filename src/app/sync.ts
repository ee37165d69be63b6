import { startInterruptedRecordingWatcher } from '../features/exam-session/api/recover-recordings';
import { showSavedGrade } from '../features/review/api/grade-ops';
import { gradeSender } from '../features/review/api/grade-send';
import { scoresQueryKey } from '../features/review/api/get-scores';
import { recordingQueryKey } from '../features/review/api/get-recording';
import { syncEngine } from '../lib/device-sync';
import { queryCacheRestored, queryClient } from '../lib/query-client';
import type { AnyOutboxItem, SentBy } from '../lib/sync-engine';
import { registerOutboxHandlers } from './outbox-handlers';

/** What the page shows anew once an item is confirmed (here or by the service worker). */
function refreshAfterSent(item: AnyOutboxItem, sentBy: SentBy): void {
  if (item.kind === 'recording') {
    // The student's lists now hold this recording.
    void queryClient.invalidateQueries({ queryKey: ['student'] });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: recordingQueryKey(item.payload.audioId), exact: true });
  if (item.kind !== 'grade') return;
  // Sent here, the panel already holds the server's answer (showSavedGrade); sent by the worker,
  // it is asked for.
  if (sentBy === 'elsewhere')
    void queryClient.invalidateQueries({ queryKey: scoresQueryKey(item.payload.audioId) });
  // Grading marks the recording checked; the lists, statistics and exam pages that show the
  // total are asked again when next shown.
  void queryClient.invalidateQueries({ queryKey: ['teacher'], refetchType: 'none' });
}

/** Wires each feature's outbox handler into the one engine and starts draining. */
export function startSync(): void {
  registerOutboxHandlers(syncEngine);
  // Sent from the page, a confirmed grade shows at once (the worker sends without the cache).
  syncEngine.register('grade', gradeSender(showSavedGrade));
  syncEngine.onSent(refreshAfterSent);
  // After the device's cache is restored: a refresh before it would be overwritten by the copy.
  void queryCacheRestored.then(() => syncEngine.announceSentByWorker()).catch(() => undefined);
  syncEngine.start();
  // Recordings cut off by a reload or a closed tab go out by themselves (flagged interrupted).
  startInterruptedRecordingWatcher();
}
