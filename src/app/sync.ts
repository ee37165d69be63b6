import { uploadRecording } from '../features/exam-session/api/complete-exam';
import { startInterruptedRecordingWatcher } from '../features/exam-session/api/recover-recordings';
import { sendCommentOp } from '../features/review/api/comment-ops';
import { syncEngine } from '../lib/outbox';

/** Wires each feature's outbox handler into the one engine and starts draining. */
export function startSync(): void {
  syncEngine.register('recording', uploadRecording);
  syncEngine.register('comment', sendCommentOp);
  syncEngine.start();
  // Recordings cut off by a reload or a closed tab go out by themselves (flagged interrupted).
  startInterruptedRecordingWatcher();
}
