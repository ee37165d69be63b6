/**
 * The exam runner as a pure state machine (SPEC.md §2, §4): for each task a preparation
 * countdown, then the speaking phase (start sound, recording, countdown), then the next task;
 * after the last one, finished. Time comes in from outside, so it is testable without clocks.
 */

export interface RunnerTask {
  id: number;
  /** Seconds. */
  preparationDuration: number;
  /** Seconds. */
  duration: number;
}

export type RunnerPhase = 'preparing' | 'speaking';

export type RunnerState =
  | { kind: 'idle' }
  | { kind: 'running'; taskIndex: number; phase: RunnerPhase; phaseStartedAt: number; tasks: RunnerTask[] }
  | { kind: 'finished'; tasks: RunnerTask[] };

export type RunnerEvent =
  | { type: 'enter-speaking'; taskIndex: number }
  | { type: 'leave-speaking'; taskIndex: number }
  | { type: 'finish' };

export const initialRunnerState: RunnerState = { kind: 'idle' };

function phaseLength(task: RunnerTask, phase: RunnerPhase): number {
  return Math.max(0, (phase === 'preparing' ? task.preparationDuration : task.duration) * 1000);
}

function enter(tasks: RunnerTask[], taskIndex: number, phase: RunnerPhase, at: number): RunnerState {
  return { kind: 'running', taskIndex, phase, phaseStartedAt: at, tasks };
}

/** Starts the first task; with no tasks the exam is finished at once. */
export function startRunner(tasks: RunnerTask[], now: number): { state: RunnerState; events: RunnerEvent[] } {
  if (tasks.length === 0) return { state: { kind: 'finished', tasks }, events: [{ type: 'finish' }] };
  return advanceRunner(enter(tasks, 0, 'preparing', now), now);
}

/**
 * Moves through every phase whose time is up by `now` (several at once after a stalled tab),
 * reporting the transitions the side effects hang on, in order.
 */
export function advanceRunner(
  state: RunnerState,
  now: number,
): { state: RunnerState; events: RunnerEvent[] } {
  const events: RunnerEvent[] = [];
  let s = state;
  while (s.kind === 'running') {
    const task = s.tasks[s.taskIndex];
    const end = s.phaseStartedAt + phaseLength(task, s.phase);
    if (now < end) break;
    if (s.phase === 'preparing') {
      events.push({ type: 'enter-speaking', taskIndex: s.taskIndex });
      s = enter(s.tasks, s.taskIndex, 'speaking', end);
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

/** What the progress bar shows: the fraction elapsed and the seconds left of the phase. */
export function runnerProgress(state: RunnerState, now: number): { fraction: number; secondsLeft: number } {
  if (state.kind !== 'running') return { fraction: state.kind === 'finished' ? 1 : 0, secondsLeft: 0 };
  const length = phaseLength(state.tasks[state.taskIndex], state.phase);
  const elapsed = Math.min(Math.max(0, now - state.phaseStartedAt), length);
  return { fraction: length === 0 ? 1 : elapsed / length, secondsLeft: Math.ceil((length - elapsed) / 1000) };
}
