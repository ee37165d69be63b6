import { type RecordingScores, recordingScoresSchema, type Score } from '../../../shared/contract/grading';
import { api } from '../../../lib/api-client';
import { syncEngine } from '../../../lib/device-sync';
import type { OutboxHandler } from '../../../lib/sync-engine';
import { uuid } from '../../../lib/uuid';

// Sending a grade needs no React and no query cache: the service worker sends grades too, so a
// teacher who grades offline and closes the app has them delivered (src/app/outbox-handlers.ts).

/** The whole grade of a recording as the teacher left it, stamped with the device's clock. */
export interface GradeOp {
  audioId: number;
  scores: Score[];
  clientUpdatedAt: string;
}

declare module '../../../lib/sync-engine' {
  interface OutboxPayloads {
    grade: GradeOp;
  }
}

/**
 * A grade change goes through the outbox like a comment: it shows at once, works offline and
 * reaches the server in order. Each change is the whole grade, so only the newest one of a
 * recording needs to travel (see `gradeSender`).
 */
export async function enqueueGrade(audioId: number, scores: Score[], now: Date = new Date()): Promise<void> {
  const payload: GradeOp = { audioId, scores, clientUpdatedAt: now.toISOString() };
  await syncEngine.enqueue({ key: `grade:${uuid()}`, kind: 'grade', payload, label: 'оценка записи' });
}

/**
 * Sends one grade. Successive edits made offline coalesce here: an item with a newer grade of
 * the same recording behind it is done without a request (the newer one replaces the whole
 * grade anyway). Coalescing at send time never races the item being sent, as rewriting a
 * waiting item would. The server ignores a grade older than the stored one, so a replay from
 * another device cannot overwrite a newer grade either. `onSaved` is the page's (it shows the
 * server's answer); the service worker sends without it, and the page refreshes when told.
 */
export const gradeSender =
  (onSaved?: (audioId: number, saved: RecordingScores) => void): OutboxHandler<'grade'> =>
  async (item) => {
    const op = item.payload;
    const waiting = await syncEngine.pendingOf('grade');
    const superseded = waiting.some((w) => (w.id ?? 0) > (item.id ?? 0) && w.payload.audioId === op.audioId);
    if (!superseded) {
      const saved = await api(`/api/teacher/audios/${op.audioId}/scores`, {
        method: 'PUT',
        body: { scores: op.scores, clientUpdatedAt: op.clientUpdatedAt },
        schema: recordingScoresSchema,
      });
      onSaved?.(op.audioId, saved);
    }
  };
