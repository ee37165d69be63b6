import { recordingScoresSchema, type Score } from '@/shared/contract/grading';
import { api } from '@/lib/api-client';
import { syncEngine } from '@/lib/device-sync';
import type { OutboxItem, OutboxKindDef } from '@/lib/sync-engine';
import { uuid } from '@/lib/uuid';
import { examPagesQueryKey, recordingQueryKey, scoresQueryKey } from './query-keys';

// The grade kind of the outbox, whole: what it carries, whose it is, how it coalesces, how it is
// sent and what a page refreshes. No React and no query cache here: the service worker sends
// grades too (src/app/outbox-kinds.ts), so a teacher who grades offline and closes the app has
// them delivered.

/** The whole grade of a recording as the teacher left it, stamped with the device's clock. */
export interface GradeOp {
  audioId: number;
  scores: Score[];
  /** When the teacher made this change (the device's clock; the server corrects it). */
  clientUpdatedAt: string;
}

declare module '@/lib/sync-engine' {
  interface OutboxPayloads {
    grade: GradeOp;
  }
}

/**
 * A grade change goes through the outbox like a comment: it shows at once, works offline and
 * reaches the server in order. Each change is the whole grade (clearing it too), owned by the
 * signed-in teacher.
 */
export async function enqueueGrade(audioId: number, scores: Score[], now: Date = new Date()): Promise<void> {
  const payload: GradeOp = { audioId, scores, clientUpdatedAt: now.toISOString() };
  await syncEngine.enqueue({ key: `grade:${uuid()}`, kind: 'grade', payload, label: 'оценка записи' });
}

/** The recording's newest grade still waiting, and whether the server refused it, for a page. */
export function pendingGradeOf(items: ReadonlyArray<OutboxItem<'grade'>>, audioId: number) {
  const last = items.filter((i) => i.payload.audioId === audioId).at(-1);
  return { latest: last?.payload ?? null, blocked: last?.blocked ?? false };
}

/**
 * The grade kind. Successive edits made offline coalesce when sent: a grade with a newer one of
 * the same recording behind it is done without a request (the newer one replaces the whole
 * grade). The device's clock goes with it twice (when made, when sent), so the server orders
 * grades from devices whose clocks disagree. Sent by this page, the server's answer shows at
 * once; sent by the worker, the page asks for it.
 */
export const gradeKind: OutboxKindDef<'grade'> = {
  kind: 'grade',
  supersededBy: (item, later) => later.payload.audioId === item.payload.audioId,
  send: async (item, { scope }) => {
    const op = item.payload;
    return api(`/api/teacher/audios/${op.audioId}/scores`, {
      ...scope,
      method: 'PUT',
      body: {
        scores: op.scores,
        clientUpdatedAt: op.clientUpdatedAt,
        clientSentAt: new Date().toISOString(),
      },
      schema: recordingScoresSchema,
    });
  },
  refreshes: (item, sentBy, result) => {
    const { audioId } = item.payload;
    return [
      { invalidate: recordingQueryKey(audioId), exact: true },
      sentBy === 'here' && result !== undefined
        ? { set: scoresQueryKey(audioId), data: result }
        : { invalidate: scoresQueryKey(audioId) },
      // Grading marks the recording checked: an exam page open now (the teacher went back to it
      // before the grade was confirmed) shows 'Проверено' and the total at once, its statistics
      // too; the other lists that show them are asked again when next shown.
      { invalidate: examPagesQueryKey },
      { invalidate: ['teacher'], refetchType: 'none' },
    ];
  },
};
