import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { recordingStore, syncEngine } from '@/lib/device-sync';
import { tokenStore } from '@/lib/tokens';
import { useSyncStatus } from '@/lib/use-device-sync';
import { recordingOutboxKey } from '../api/complete-exam';
import {
  isRecordingConfirmed,
  noteRecordingExam,
  subscribeConfirmedRecordings,
  watchConfirmedRecordings,
} from '../model/confirmed-recordings';

// Here too, in case the sync start has not run yet: confirmations are heard from now on.
watchConfirmedRecordings(syncEngine);

export type RecordingDelivery = 'sending' | 'waiting' | 'sent' | null;

interface OnDevice {
  /** This exam's recordings waiting in the outbox (refused ones excluded). */
  waiting: string[];
  /** One of them the server refused: its own notice says so. */
  refused: boolean;
}

/**
 * Where this student's answer to an exam is: still on the device (sent when the network
 * allows), going now, or confirmed by the server (this exam's recording, since the page opened).
 * A refused answer has a notice of its own, and is never said to be sent.
 */
export function useRecordingDelivery(examId: number): RecordingDelivery {
  const [onDevice, setOnDevice] = useState<OnDevice | null>(null);
  const current = useSyncStatus().current?.key;
  const confirmed = useSyncExternalStore(
    subscribeConfirmedRecordings,
    useCallback(() => isRecordingConfirmed(tokenStore.userId(), examId), [examId]),
  );
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const mine = (await recordingStore.recordingsOf(tokenStore.userId())).filter(
        (r) => r.examId === examId,
      );
      const refused = new Set((await syncEngine.refused('recording')).map((i) => i.payload.clientId));
      mine.forEach((r) => noteRecordingExam(r.clientId, r.examId));
      return {
        waiting: mine.filter((r) => r.status === 'queued' && !refused.has(r.clientId)).map((r) => r.clientId),
        refused: mine.some((r) => refused.has(r.clientId)),
      };
    }).subscribe({
      next: setOnDevice,
      error: (error: unknown) => console.warn('answer delivery', error),
    });
    return () => subscription.unsubscribe();
  }, [examId]);
  if (onDevice === null) return null;
  if (onDevice.waiting.length > 0) {
    return onDevice.waiting.some((id) => recordingOutboxKey(id) === current) ? 'sending' : 'waiting';
  }
  if (onDevice.refused) return null;
  return confirmed ? 'sent' : null;
}
