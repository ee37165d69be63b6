import { uploadRecording } from '../features/exam-session/api/complete-exam';
import { sendCommentOp } from '../features/review/api/comment-ops';
import { gradeSender } from '../features/review/api/grade-send';
import type { SyncEngine } from '../lib/sync-engine';

/**
 * How each kind of outbox item is sent. Shared by the page and the service worker, so nothing
 * here may pull React in: only the features' api modules.
 */
export function registerOutboxHandlers(engine: SyncEngine): void {
  engine.register('recording', uploadRecording);
  engine.register('comment', sendCommentOp);
  engine.register('grade', gradeSender());
}
