/**
 * The exam runner as a pure state machine: for each task a preparation
 * countdown, then the start of the answer (start sound, recording starts), then the speaking
 * countdown, then the next task; after the last one, finished. Time comes in from outside, and
 * so does the moment the recording really started, so it is testable without clocks and each
 * answer lasts its full `duration` however long the start sound took.
 */

export interface RunnerTask {
  id: number;
  /** Seconds. */
  preparationDuration: number;
  /** Seconds. */
  duration: number;
}

/** 'starting': the preparation is over, the start sound plays and the recording is starting. */
export type RunnerPhase = 'preparing' | 'starting' | 'speaking';

export type RunnerState =
  | { kind: 'idle' }
  | { kind: 'running'; taskIndex: number; phase: RunnerPhase; phaseStartedAt: number; tasks: RunnerTask[] }
  | { kind: 'finished'; tasks: RunnerTask[] };

export type RunnerEvent =
  /** Play the start sound and start recording, then report `recordingStarted`. */
  | { type: 'enter-speaking'; taskIndex: number }
  | { type: 'leave-speaking'; taskIndex: number }
  | { type: 'finish' };

export interface RunnerStep {
  state: RunnerState;
  events: RunnerEvent[];
}

export const initialRunnerState: RunnerState = { kind: 'idle' };

function phaseLength(task: RunnerTask, phase: RunnerPhase): number {
  return Math.max(0, (phase === 'preparing' ? task.preparationDuration : task.duration) * 1000);
}

function enter(tasks: RunnerTask[], taskIndex: number, phase: RunnerPhase, at: number): RunnerState {
  return { kind: 'running', taskIndex, phase, phaseStartedAt: at, tasks };
}

/** Starts the first task; with no tasks the exam is finished at once. */
export function startRunner(tasks: RunnerTask[], now: number): RunnerStep {
  if (tasks.length === 0) return { state: { kind: 'finished', tasks }, events: [{ type: 'finish' }] };
  return advanceRunner(enter(tasks, 0, 'preparing', now), now);
}

/**
 * Moves through every phase whose time is up by `now` (several at once after a stalled tab),
 * reporting the transitions the side effects hang on, in order. It stops at the start of an
 * answer until `recordingStarted` says the recording runs.
 */
export function advanceRunner(state: RunnerState, now: number): RunnerStep {
  const events: RunnerEvent[] = [];
  let s = state;
  while (s.kind === 'running' && s.phase !== 'starting') {
    const task = s.tasks[s.taskIndex];
    const end = s.phaseStartedAt + phaseLength(task, s.phase);
    if (now < end) break;
    if (s.phase === 'preparing') {
      events.push({ type: 'enter-speaking', taskIndex: s.taskIndex });
      s = enter(s.tasks, s.taskIndex, 'starting', end);
    } else {
      events.push({ type: 'leave-speaking', taskIndex: s.taskIndex });
      if (s.taskIndex + 1 >= s.tasks.length) {
        events.push({ type: 'finish' });
        s = { kind: 'finished', tasks: s.tasks };
      } else {
        s = enter(s.tasks, s.taskIndex + 1, 'preparing', end);
      }
    }
  }
  return { state: s, events };
}

/**
 * The recording of task `taskIndex` started at `at`: its speaking countdown runs from there.
 * A report for any other moment (a stale one) changes nothing.
 */
export function recordingStarted(state: RunnerState, taskIndex: number, at: number): RunnerStep {
  if (state.kind !== 'running' || state.phase !== 'starting' || state.taskIndex !== taskIndex) {
    return { state, events: [] };
  }
  return advanceRunner(enter(state.tasks, taskIndex, 'speaking', at), at);
}

/** When the current phase is due to end (null while an answer is starting, or not running). */
export function runnerPhaseEnd(state: RunnerState): number | null {
  if (state.kind !== 'running' || state.phase === 'starting') return null;
  return state.phaseStartedAt + phaseLength(state.tasks[state.taskIndex], state.phase);
}

/** What the progress bar shows: the fraction elapsed and the seconds left of the phase. */
export function runnerProgress(state: RunnerState, now: number): { fraction: number; secondsLeft: number } {
  if (state.kind !== 'running') return { fraction: state.kind === 'finished' ? 1 : 0, secondsLeft: 0 };
  const length = phaseLength(state.tasks[state.taskIndex], state.phase);
  // While the answer is starting its countdown has not begun.
  const elapsed = state.phase === 'starting' ? 0 : Math.min(Math.max(0, now - state.phaseStartedAt), length);
  return { fraction: length === 0 ? 1 : elapsed / length, secondsLeft: Math.ceil((length - elapsed) / 1000) };
}
