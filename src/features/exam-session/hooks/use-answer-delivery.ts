import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { recordingStore, syncEngine } from '../../../lib/device-sync';
import { tokenStore } from '../../../lib/tokens';
import { useSyncStatus } from '../../../lib/use-device-sync';
import { recordingOutboxKey } from '../api/complete-exam';

/** Exams finished in this tab since it opened: their page says when the answer is sent. */
const finishedHere = new Set<number>();

export function markExamFinished(examId: number): void {
  finishedHere.add(examId);
}

export type AnswerDelivery = 'sending' | 'waiting' | 'sent' | null;

/**
 * Where this student's answer to an exam is: still on the device (sent when the network
 * allows), going now, or confirmed by the server (said once it was seen waiting, or the exam
 * was finished in this tab). A refused answer is not counted: it has a notice of its own.
 */
export function useAnswerDelivery(examId: number): AnswerDelivery {
  const [waiting, setWaiting] = useState<string[] | null>(null);
  const [seenWaiting, setSeenWaiting] = useState(false);
  const current = useSyncStatus().current?.key;
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const mine = await recordingStore.recordingsOf(tokenStore.userId());
      const refused = new Set((await syncEngine.refused('recording')).map((i) => i.payload.clientId));
      return mine
        .filter((r) => r.examId === examId && r.status === 'queued' && !refused.has(r.clientId))
        .map((r) => r.clientId);
    }).subscribe({
      next: (ids) => {
        setWaiting(ids);
        if (ids.length > 0) setSeenWaiting(true);
      },
      error: (error: unknown) => console.warn('answer delivery', error),
    });
    return () => subscription.unsubscribe();
  }, [examId]);
  if (waiting === null) return null;
  if (waiting.length > 0) {
    return waiting.some((id) => recordingOutboxKey(id) === current) ? 'sending' : 'waiting';
  }
  return seenWaiting || finishedHere.has(examId) ? 'sent' : null;
}
