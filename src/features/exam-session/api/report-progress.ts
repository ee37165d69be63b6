import { syncEngine } from '@/lib/device-sync';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-status';
import type { OutboxKindDef } from '@/lib/sync-engine';
import { uuid } from '@/lib/uuid';
import type { ProgressReportBody } from '@/shared/contract/progress';

// The progress kind of the outbox (issue 23): where an attempt stands, for the teacher's
// 'Ход экзамена'. Shared by the page and the service worker (src/app/outbox-kinds.ts): no React.

/** One report of a recording's attempt, stamped with the device's clock when its state began. */
export interface ProgressOp extends Omit<ProgressReportBody, 'clientSentAt'> {
  examId: number;
}

declare module '@/lib/sync-engine' {
  interface OutboxPayloads {
    progress: ProgressOp;
  }
}

/**
 * Queues a report in the recorder's name. Best effort: it never holds the exam, and a failure
 * to queue it is ignored (the recording itself tells the server in the end).
 */
export async function reportProgress(
  op: Omit<ProgressOp, 'at'>,
  owner: string | null,
  now: Date = new Date(),
): Promise<void> {
  try {
    await syncEngine.enqueue({
      key: `progress:${op.clientId}:${uuid()}`,
      kind: 'progress',
      payload: { ...op, at: now.toISOString() },
      label: 'ход экзамена',
      owner,
      // One recording's reports go in order; only the latest waiting one is ever sent.
      group: `progress:${op.clientId}`,
    });
  } catch {
    // Nothing to do: a report is a courtesy to the teacher.
  }
}

/**
 * The progress kind: only the latest value of a recording is kept (a later report of the same
 * clientId makes an earlier one needless); sent with the device's clock at each attempt, so the
 * server corrects `at`. A 404 (the exam is not the student's any more) or another final refusal
 * drops the report: nothing for the student to decide.
 */
export const progressKind: OutboxKindDef<'progress'> = {
  kind: 'progress',
  supersededBy: (item, later) => later.payload.clientId === item.payload.clientId,
  send: async (item, { scope }) => {
    const { examId, ...report } = item.payload;
    try {
      await api(`/api/student/exam/${examId}/progress`, {
        ...scope,
        method: 'POST',
        body: { ...report, clientSentAt: new Date().toISOString() } satisfies ProgressReportBody,
      });
    } catch (error) {
      if (error instanceof ApiError && error.final) return;
      throw error;
    }
  },
};
