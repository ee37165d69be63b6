import { EXAM_PROGRESS_EVENT, examProgressSchema, type ExamProgress } from '@/shared/contract/progress';
import { withBearer, withSession } from '@/lib/api-client';
import { apiError, toApiError } from '@/lib/api-status';
import { createSseParser } from '../model/sse-parser';

/**
 * GET /api/teacher/exam/{id}/progress/events: reads the stream (fetch, so the bearer goes in a
 * header, never the URL) and hands each progress answer to `onProgress`. Resolves when the
 * server ends the stream (its token expired), throws when it cannot be opened or breaks.
 */
export async function readExamProgressEvents(
  examId: number,
  onProgress: (progress: ExamProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const res = await withSession(async () => {
    const answer = await fetch(`/api/teacher/exam/${examId}/progress/events`, {
      headers: withBearer({ accept: 'text/event-stream' }),
      signal,
    }).catch((error: unknown) => {
      throw toApiError(error);
    });
    if (!answer.ok) throw await apiError(answer);
    return answer;
  });
  if (!res.body) throw new Error('no stream');
  const feed = createSseParser((event) => {
    if (event.event !== EXAM_PROGRESS_EVENT) return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return; // a broken event is skipped; the next one carries the whole answer again
    }
    const parsed = examProgressSchema.safeParse(json);
    if (parsed.success) onProgress(parsed.data);
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
