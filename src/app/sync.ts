import { uploadRecording } from '../features/exam-session/api/complete-exam';
import { sendCommentOp } from '../features/review/api/comment-ops';
import { syncEngine } from '../lib/outbox';

/** Wires each feature's outbox handler into the one engine and starts draining. */
export function startSync(): void {
  syncEngine.register('recording', uploadRecording);
  syncEngine.register('comment', sendCommentOp);
  syncEngine.start();
}
