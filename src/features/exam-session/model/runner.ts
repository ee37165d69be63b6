/**
 * The exam runner as a pure state machine: for each task a preparation countdown, then its
 * answer windows in order (a plain task has one, a task with questions one per question), then
 * the next task; after the last one, finished. A window may open by listening (its audio plays
 * once), then the answer starts (start sound, the recording starts or resumes), then its
 * speaking countdown runs. Time comes in from outside, and so do the two moments only the
 * effects know (the audio ended, the recording really started), so it is testable without
 * clocks and each answer lasts its full length however long the audio and the start sound took.
 */

/** One answer window of a task. */
export interface RunnerWindow {
  /** Seconds. */
  answerSeconds: number;
  /** Something is heard first (a question's audio, an AUDIO_TASK's file). */
  listen: boolean;
}

export interface RunnerTask {
  id: number;
  /** Seconds. */
  preparationDuration: number;
  /** Seconds. */
  duration: number;
  /** Its answer windows; absent or empty: one of `duration`, nothing heard first. */
  windows?: RunnerWindow[];
}

/**
 * 'listening': the window's audio plays (its end is reported); 'starting': the start sound plays
 * and the recording is starting (its start is reported); 'speaking': the answer's countdown.
 */
export type RunnerPhase = 'preparing' | 'listening' | 'starting' | 'speaking';

/** An answer window: the task and its window, both in order from 0. */
export interface RunnerWindowRef {
  taskIndex: number;
  windowIndex: number;
}

export type RunnerState =
  | { kind: 'idle' }
  | {
      kind: 'running';
      taskIndex: number;
      /** The answer window the phase belongs to (0 while preparing). */
      windowIndex: number;
      phase: RunnerPhase;
      phaseStartedAt: number;
      tasks: RunnerTask[];
    }
  | { kind: 'finished'; tasks: RunnerTask[] };

export type RunnerEvent =
  /** Play the window's audio once, then report `listeningEnded`. */
  | ({ type: 'enter-listening' } & RunnerWindowRef)
  /** Play the start sound and start recording, then report `recordingStarted`. */
  | ({ type: 'enter-speaking' } & RunnerWindowRef)
  | ({ type: 'leave-speaking' } & RunnerWindowRef)
  | { type: 'finish' };

export interface RunnerStep {
  state: RunnerState;
  events: RunnerEvent[];
}

export const initialRunnerState: RunnerState = { kind: 'idle' };

type Running = Extract<RunnerState, { kind: 'running' }>;

/** The task's answer windows as the runner runs them. */
export function runnerWindows(task: RunnerTask): RunnerWindow[] {
  return task.windows && task.windows.length > 0
    ? task.windows
    : [{ answerSeconds: task.duration, listen: false }];
}

/** The length of the answer of the current window, in ms. */
function answerLength(s: Running): number {
  const window = runnerWindows(s.tasks[s.taskIndex])[s.windowIndex];
  return Math.max(0, window.answerSeconds * 1000);
}

/** A timed phase's length in ms; listening and starting end when the effects say so (null). */
function phaseLength(s: Running): number | null {
  if (s.phase === 'preparing') return Math.max(0, s.tasks[s.taskIndex].preparationDuration * 1000);
  if (s.phase === 'speaking') return answerLength(s);
  return null;
}

function enter(
  tasks: RunnerTask[],
  taskIndex: number,
  windowIndex: number,
  phase: RunnerPhase,
  at: number,
): Running {
  return { kind: 'running', taskIndex, windowIndex, phase, phaseStartedAt: at, tasks };
}

/** Opens an answer window: by listening when it has something to hear, else by the answer's start. */
function openWindow(tasks: RunnerTask[], ref: RunnerWindowRef, at: number, events: RunnerEvent[]): Running {
  const { listen } = runnerWindows(tasks[ref.taskIndex])[ref.windowIndex];
  events.push({ type: listen ? 'enter-listening' : 'enter-speaking', ...ref });
  return enter(tasks, ref.taskIndex, ref.windowIndex, listen ? 'listening' : 'starting', at);
}

const isAt = (s: Running, ref: RunnerWindowRef, phase: RunnerPhase) =>
  s.phase === phase && s.taskIndex === ref.taskIndex && s.windowIndex === ref.windowIndex;

/** Starts the first task; with no tasks the exam is finished at once. */
export function startRunner(tasks: RunnerTask[], now: number): RunnerStep {
  if (tasks.length === 0) return { state: { kind: 'finished', tasks }, events: [{ type: 'finish' }] };
  return advanceRunner(enter(tasks, 0, 0, 'preparing', now), now);
}

/**
 * Moves through every phase whose time is up by `now` (several at once after a stalled tab),
 * reporting the transitions the side effects hang on, in order. It stops where a window's audio
 * plays until `listeningEnded`, and at the start of an answer until `recordingStarted`.
 */
export function advanceRunner(state: RunnerState, now: number): RunnerStep {
  const events: RunnerEvent[] = [];
  let s = state;
  while (s.kind === 'running') {
    const length = phaseLength(s);
    if (length === null) break;
    const end = s.phaseStartedAt + length;
    if (now < end) break;
    if (s.phase === 'preparing') {
      s = openWindow(s.tasks, { taskIndex: s.taskIndex, windowIndex: 0 }, end, events);
      continue;
    }
    const ref = { taskIndex: s.taskIndex, windowIndex: s.windowIndex };
    events.push({ type: 'leave-speaking', ...ref });
    if (ref.windowIndex + 1 < runnerWindows(s.tasks[ref.taskIndex]).length) {
      s = openWindow(s.tasks, { ...ref, windowIndex: ref.windowIndex + 1 }, end, events);
    } else if (ref.taskIndex + 1 < s.tasks.length) {
      s = enter(s.tasks, ref.taskIndex + 1, 0, 'preparing', end);
    } else {
      events.push({ type: 'finish' });
      s = { kind: 'finished', tasks: s.tasks };
    }
  }
  return { state: s, events };
}

/**
 * The audio of window `ref` ended (played to its end, failed, or its cap passed) at `at`: the
 * answer starts. A report for any other moment (a stale one) changes nothing.
 */
export function listeningEnded(state: RunnerState, ref: RunnerWindowRef, at: number): RunnerStep {
  if (state.kind !== 'running' || !isAt(state, ref, 'listening')) return { state, events: [] };
  return {
    state: enter(state.tasks, ref.taskIndex, ref.windowIndex, 'starting', at),
    events: [{ type: 'enter-speaking', taskIndex: ref.taskIndex, windowIndex: ref.windowIndex }],
  };
}

/**
 * The recording of window `ref` started at `at`: its speaking countdown runs from there.
 * A report for any other moment (a stale one) changes nothing.
 */
export function recordingStarted(state: RunnerState, ref: RunnerWindowRef, at: number): RunnerStep {
  if (state.kind !== 'running' || !isAt(state, ref, 'starting')) return { state, events: [] };
  return advanceRunner(enter(state.tasks, ref.taskIndex, ref.windowIndex, 'speaking', at), at);
}

/** When the current phase is due to end (null while listening, while an answer is starting, or not running). */
export function runnerPhaseEnd(state: RunnerState): number | null {
  if (state.kind !== 'running') return null;
  const length = phaseLength(state);
  return length === null ? null : state.phaseStartedAt + length;
}

/**
 * What the countdown shows: the fraction elapsed and the seconds left of the phase. While the
 * audio plays or the answer starts, the answer's countdown has not begun: all of it is left.
 */
export function runnerProgress(state: RunnerState, now: number): { fraction: number; secondsLeft: number } {
  if (state.kind !== 'running') return { fraction: state.kind === 'finished' ? 1 : 0, secondsLeft: 0 };
  const timed = phaseLength(state);
  const length = timed ?? answerLength(state);
  const elapsed = timed === null ? 0 : Math.min(Math.max(0, now - state.phaseStartedAt), length);
  return { fraction: length === 0 ? 1 : elapsed / length, secondsLeft: Math.ceil((length - elapsed) / 1000) };
}
