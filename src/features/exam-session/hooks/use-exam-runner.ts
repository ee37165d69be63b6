import { useCallback, useEffect, useRef, useState } from 'react';
import {
  advanceRunner,
  initialRunnerState,
  listeningEnded,
  recordingStarted,
  type RunnerEvent,
  type RunnerState,
  type RunnerStep,
  type RunnerTask,
  type RunnerWindowRef,
  runnerPhaseEnd,
  startRunner,
} from '../model/runner';

/** The progress bar ticks every 100 ms. */
export const TICK_MS = 100;

/**
 * The clock around the pure runner: every 100 ms the bar moves and due phases advance; each
 * transition is handed to `onEvents`, in order.
 */
export function useExamRunner(onEvents: (events: RunnerEvent[]) => void) {
  const [runner, setRunner] = useState<RunnerState>(initialRunnerState);
  const [now, setNow] = useState(0);
  // The interval reads the state it advances without waiting for a render.
  const current = useRef<RunnerState>(initialRunnerState);
  const handler = useRef(onEvents);
  useEffect(() => {
    handler.current = onEvents;
  });

  const step = useCallback((next: (state: RunnerState, at: number) => RunnerStep) => {
    const at = performance.now();
    const { state, events } = next(current.current, at);
    current.current = state;
    setNow(at);
    setRunner(state);
    if (events.length > 0) handler.current(events);
  }, []);

  const running = runner.kind === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => step(advanceRunner), TICK_MS);
    return () => clearInterval(timer);
  }, [running, step]);

  // A phase ends on time, not on the next tick: an answer is recorded for its duration exactly.
  const phaseEnd = runnerPhaseEnd(runner);
  useEffect(() => {
    if (phaseEnd === null) return;
    const timer = setTimeout(() => step(advanceRunner), Math.max(0, phaseEnd - performance.now()));
    return () => clearTimeout(timer);
  }, [phaseEnd, step]);

  return {
    runner,
    now,
    start: useCallback((tasks: RunnerTask[]) => step((_, at) => startRunner(tasks, at)), [step]),
    /** The audio of this window is over: its answer starts now. */
    listeningEnded: useCallback(
      (ref: RunnerWindowRef) => step((state, at) => listeningEnded(state, ref, at)),
      [step],
    ),
    /** The recording of this window runs: its countdown starts now. */
    recordingStarted: useCallback(
      (ref: RunnerWindowRef) => step((state, at) => recordingStarted(state, ref, at)),
      [step],
    ),
    /** Stops the clock where it is (the recording stopped by itself). */
    halt: useCallback(() => step(() => ({ state: initialRunnerState, events: [] })), [step]),
  };
}
