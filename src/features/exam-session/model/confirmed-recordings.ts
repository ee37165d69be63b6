import type { AnyOutboxItem, SentBy } from '@/lib/sync-engine';

/**
 * The exams whose recording the server confirmed since this page opened, per student: sent by
 * this page, or by the service worker (told by its message, or at page start). Only this makes
 * an exam page say 'Ответ отправлен'; an answer that merely left the outbox (refused, discarded)
 * does not. In memory: a page opened later learns of earlier sends from the server's lists.
 */
const confirmed = new Set<string>();
/** The exam of each recording seen on the device: items older versions queued do not name it. */
const examOfRecording = new Map<string, number>();
const listeners = new Set<() => void>();
let watching = false;

const keyOf = (owner: string | null, examId: number) => `${owner ?? ''}:${examId}`;

/** A recording of this exam was seen on the device (so that its confirmation can be placed). */
export function noteRecordingExam(clientId: string, examId: number): void {
  examOfRecording.set(clientId, examId);
}

/** Whether the server confirmed this student's recording of this exam since the page opened. */
export function isRecordingConfirmed(owner: string | null, examId: number): boolean {
  return confirmed.has(keyOf(owner, examId));
}

export function subscribeConfirmedRecordings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Listens to the engine's confirmations, once per page. Call it before the engine announces
 * what the service worker sent while no page was open (the sync start does), or those are missed.
 */
export function watchConfirmedRecordings(engine: {
  onSent(listener: (item: AnyOutboxItem, sentBy: SentBy) => void): () => void;
}): void {
  if (watching) return;
  watching = true;
  engine.onSent((item) => {
    if (item.kind !== 'recording') return;
    const examId = item.payload.examId ?? examOfRecording.get(item.payload.clientId);
    if (examId === undefined) return;
    const key = keyOf(item.owner ?? null, examId);
    if (confirmed.has(key)) return;
    confirmed.add(key);
    listeners.forEach((l) => l());
  });
}
