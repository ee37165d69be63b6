import { useCallback, useEffect, useState } from 'react';
import { loadOnce } from './load-once';
import {
  attemptsLeftText,
  type ExamAvailability,
  examAvailability,
  type ExamRulesSeen,
  examWindowText,
  nextAvailabilityChange,
} from './exam-availability';
import type { LocalRecording } from './local-db';
import type { ConfirmedRecording } from './recording-store';
import { tokenStore } from './tokens';

export interface DeviceAttempts {
  /** The device was read; until then nothing may start (its recordings are not counted yet). */
  ready: boolean;
  /**
   * This student's recordings of the exam the server's count, read at `since` (ms), does not
   * hold: on the device (queued, refused or still being recorded), or confirmed after `since`
   * (the device noted when it let its copy go: `ConfirmedRecording`). Never one twice: a
   * recording is either on the device or noted, and a count read after its note holds it.
   */
  count(examId: number, since: number): number;
}

interface OnDevice {
  rows: LocalRecording[];
  confirmed: ConfirmedRecording[];
}

/**
 * What reading the device's attempts takes (Dexie, the device database), loaded once and not
 * before a screen asks: a route's loader starts it beside the screen's own code, so that
 * 'Начать экзамен' is not held by a second round of loading after the screen is drawn.
 */
export const loadDeviceReader = loadOnce(() => Promise.all([import('dexie'), import('./device-sync')]));

/** The signed-in student's own attempts the server may not know of yet, live from the device. */
export function useDeviceAttempts(): DeviceAttempts {
  const owner = tokenStore.userId();
  const [seen, setSeen] = useState<OnDevice | null>(null);
  useEffect(() => {
    // A device that cannot be read counts none of its own rather than blocking the start.
    const unreadable = (error: unknown) => {
      console.warn('attempts on the device', error);
      setSeen({ rows: [], confirmed: [] });
    };
    let stop: (() => void) | null = null;
    let live = true;
    // The device database (Dexie) loads after the screen is drawn: nothing starts until it is read.
    loadDeviceReader().then(([{ liveQuery }, { recordingStore }]) => {
      if (!live) return;
      const subscription = liveQuery(async (): Promise<OnDevice> => ({
        rows: await recordingStore.recordingsOf(owner),
        confirmed: await recordingStore.confirmedOf(owner),
      })).subscribe({ next: setSeen, error: unreadable });
      stop = () => subscription.unsubscribe();
    }, unreadable);
    return () => {
      live = false;
      stop?.();
    };
  }, [owner]);
  const count = useCallback(
    (examId: number, since: number) => {
      const rows = (seen?.rows ?? []).filter((r) => r.examId === examId);
      const held = new Set(rows.map((r) => r.clientId));
      const confirmed = (seen?.confirmed ?? []).filter(
        (c) => c.examId === examId && c.at > since && !held.has(c.clientId),
      );
      return rows.length + confirmed.length;
    },
    [seen],
  );
  return { ready: seen !== null, count };
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
