import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { examFocus } from '@/lib/exam-focus';
import { useWakeLock } from './use-wake-lock';

const examRunning = () => examFocus.isActive();

/**
 * From 'Начать экзамен' to 'Экзамен завершен': the layout shows only the exam, the update
 * prompt waits, the screen stays on, and leaving (back, a link, closing the tab) asks first.
 * Returns the blocked navigation, if any, for the screen to ask about.
 */
export function useFocusMode(active: boolean) {
  useEffect(() => {
    examFocus.set(active);
  }, [active]);
  useEffect(() => () => examFocus.set(false), []);
  useWakeLock(active);
  return useBlocker({ shouldBlockFn: examRunning, enableBeforeUnload: examRunning, withResolver: true });
}

/** The exam is over: leaving no longer asks (call right before navigating away). */
export function leaveFocusMode(): void {
  examFocus.set(false);
}
