import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { recordingStore, syncEngine } from '@/lib/device-sync';
import { tokenStore } from '@/lib/tokens';

/** This student's answer to the exam that is on the device, waiting to be sent. */
export interface DeviceAnswer {
  clientId: string;
  /** When it was recorded (the device's clock; for one made by an older version, its last write). */
  at: string;
}

/**
 * This student's answers to the exam still on the device, queued to be sent, newest first, live
 * (gone once the server has them). One refused for good is not waiting: its own notice says so;
 * one still being recorded is not an answer yet.
 */
export function useDeviceAnswers(examId: number): DeviceAnswer[] {
  const owner = tokenStore.userId();
  const [answers, setAnswers] = useState<DeviceAnswer[]>([]);
  useEffect(() => {
    const subscription = liveQuery(async (): Promise<DeviceAnswer[]> => {
      const rows = (await recordingStore.recordingsOf(owner)).filter(
        (r) => r.examId === examId && r.status === 'queued',
      );
      const refused = new Set((await syncEngine.refused('recording')).map((i) => i.payload.clientId));
      return rows
        .filter((r) => !refused.has(r.clientId))
        .map((r) => ({ clientId: r.clientId, at: r.recordedAt ?? r.updatedAt }))
        .sort((a, b) => b.at.localeCompare(a.at));
    }).subscribe({
      next: setAnswers,
      error: (error: unknown) => console.warn('answers on the device', error),
    });
    return () => subscription.unsubscribe();
  }, [examId, owner]);
  return answers;
}
