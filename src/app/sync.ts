import { startInterruptedRecordingWatcher } from '@/features/exam-session/api/recover-recordings';
import { watchConfirmedRecordings } from '@/features/exam-session/model/confirmed-recordings';
import { syncEngine } from '@/lib/device-sync';
import { notify } from '@/lib/notify';
import { applyRefreshActions } from '@/lib/outbox-refresh';
import { queryCacheRestored, queryClient } from '@/lib/query-client';
import { outboxKinds } from './outbox-kinds';

/** Wires the outbox kinds into the one engine and starts draining. */
export function startSync(): void {
  syncEngine.registerKinds(outboxKinds);
  // What the page shows anew once an item is confirmed (here or by the service worker), as its
  // kind declares: sent here, its answer may show at once.
  syncEngine.onSent((item, sentBy, result) =>
    applyRefreshActions(queryClient, syncEngine.refreshesFor(item, sentBy, result)),
  );
  // An error toast when the server refuses a queued item for good, with the server's reason.
  syncEngine.onRefused((item, message) => notify.error(`Не принято сервером (${item.label}): ${message}`));
  // Before the worker's sends are announced: an exam page says 'Ответ отправлен' only for these.
  watchConfirmedRecordings(syncEngine);
  // After the device's cache is restored: a refresh before it would be overwritten by the copy.
  void queryCacheRestored.then(() => syncEngine.announceSentByWorker()).catch(() => undefined);
  syncEngine.start();
  // Recordings cut off by a reload or a closed tab go out by themselves (flagged interrupted).
  startInterruptedRecordingWatcher();
}
