import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { recordingStore, syncEngine } from './device-sync';
import {
  attemptsLeftText,
  type ExamAvailability,
  examAvailability,
  type ExamRulesSeen,
  examWindowText,
  nextAvailabilityChange,
} from './exam-availability';
import type { LocalRecording } from './local-db';
import { tokenStore } from './tokens';

/** A recording the server confirmed while this page was open (sent here or by the service worker). */
interface Confirmation {
  clientId: string;
  examId: number;
  owner: string | null;
  /** When the page heard of it (ms): a count the server gave after this holds it. */
  at: number;
}

const confirmations: Confirmation[] = [];
const listeners = new Set<() => void>();

// Heard from the engine's first announcement on: the device forgets a recording as the server
// confirms it, and the server's count holds it only once the exam's answers are asked again
// (the recording kind's `refreshes`). Until then it is counted from here, never twice.
syncEngine.onSent((item) => {
  if ((item.kind as string) !== 'recording') return;
  const { clientId, examId } = item.payload as { clientId?: string; examId?: number };
  // An item queued by an older version does not name its exam: the refresh counts it.
  if (clientId === undefined || examId === undefined) return;
  confirmations.push({ clientId, examId, owner: item.owner ?? null, at: Date.now() });
  listeners.forEach((l) => l());
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const confirmationsSeen = () => confirmations.length;

export interface DeviceAttempts {
  /** The device was read; until then nothing may start (its recordings are not counted yet). */
  ready: boolean;
  /**
   * This student's recordings of the exam the server's count, read at `since` (ms), does not
   * hold: on the device (queued, refused or still being recorded), or confirmed after `since`.
   */
  count(examId: number, since: number): number;
}

/** The signed-in student's own attempts the server may not know of yet, live from the device. */
export function useDeviceAttempts(): DeviceAttempts {
  const owner = tokenStore.userId();
  const [rows, setRows] = useState<LocalRecording[] | null>(null);
  useEffect(() => {
    const subscription = liveQuery(() => recordingStore.recordingsOf(owner)).subscribe({
      next: setRows,
      // A device that cannot be read counts none of its own rather than blocking the start.
      error: (error: unknown) => {
        console.warn('attempts on the device', error);
        setRows([]);
      },
    });
    return () => subscription.unsubscribe();
  }, [owner]);
  const seen = useSyncExternalStore(subscribe, confirmationsSeen);
  const count = useCallback(
    (examId: number, since: number) => {
      const onDevice = (rows ?? []).filter((r) => r.examId === examId);
      const held = new Set(onDevice.map((r) => r.clientId));
      const confirmed = confirmations
        .slice(0, seen)
        .filter((c) => c.owner === owner && c.examId === examId && c.at > since && !held.has(c.clientId));
      return onDevice.length + confirmed.length;
    },
    [rows, owner, seen],
  );
  return { ready: rows !== null, count };
}

/** setTimeout's longest delay; a boundary further away is looked at again after it. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The device's clock, read again when the exam opens or closes (ms). */
function useClockAcross(rules: ExamRulesSeen | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const next = rules ? nextAvailabilityChange(rules, now) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(MAX_DELAY_MS, next - Date.now() + 1));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

export interface ExamAvailabilityView extends ExamAvailability {
  /** 'Доступен с … до …' or null. */
  windowText: string | null;
  /** 'Осталось попыток: 1 из 3' or null. */
  attemptsText: string | null;
  /** The same answer by the clock of this moment (for the start itself). */
  check(): ExamAvailability;
}

/**
 * Whether this student may start the exam now, by the device's clock and the attempts the
 * server counted (`exam.attemptsUsed`, as of `dataUpdatedAt`) plus the device's own: offline the
 * rule holds too. Null while the exam is not loaded.
 */
export function useExamAvailability(
  exam: (ExamRulesSeen & { id: number }) | undefined,
  dataUpdatedAt: number,
): ExamAvailabilityView | null {
  const device = useDeviceAttempts();
  const now = useClockAcross(exam);
  if (!exam) return null;
  const state = { rules: exam, onDevice: device.count(exam.id, dataUpdatedAt) };
  const at = (ms: number): ExamAvailability =>
    device.ready ? examAvailability(state, ms) : { ...examAvailability(state, ms), canStart: false };
  const availability = at(now);
  return {
    ...availability,
    windowText: examWindowText(exam),
    attemptsText: attemptsLeftText(exam, availability.attemptsLeft),
    check: () => at(Date.now()),
  };
}
