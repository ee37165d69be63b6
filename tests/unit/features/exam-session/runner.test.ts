import { describe, expect, it } from 'vitest';
import {
  advanceRunner,
  listeningEnded,
  recordingStarted,
  runnerPhaseEnd,
  type RunnerState,
  runnerProgress,
  type RunnerStep,
  type RunnerTask,
  runnerWindows,
  startRunner,
} from '@/features/exam-session/model/runner';

const tasks = [
  { id: 1, preparationDuration: 10, duration: 30 },
  { id: 2, preparationDuration: 0, duration: 20 },
];

/** Advances to `at`, then reports that the recording of the current task started at `startedAt`. */
function startAnswer(state: RunnerState, at: number, startedAt: number) {
  const { state: starting } = advanceRunner(state, at);
  if (starting.kind !== 'running') throw new Error('not running');
  return recordingStarted(
    starting,
    { taskIndex: starting.taskIndex, windowIndex: starting.windowIndex },
    startedAt,
  );
}

describe('exam runner', () => {
  it('starts in the preparation of the first task', () => {
    const { state, events } = startRunner(tasks, 0);
    expect(events).toEqual([]);
    expect(state).toMatchObject({
      kind: 'running',
      taskIndex: 0,
      phase: 'preparing',
      phaseStartedAt: 0,
      windowIndex: 0,
    });
  });

  it('starts the answer when the preparation is over, and waits there for the recording', () => {
    const { state } = startRunner(tasks, 0);
    expect(advanceRunner(state, 9_999).events).toEqual([]);
    const next = advanceRunner(state, 10_000);
    expect(next.events).toEqual([{ type: 'enter-speaking', taskIndex: 0, windowIndex: 0 }]);
    expect(next.state).toMatchObject({ phase: 'starting' });
    // However long the start sound takes, nothing moves until the recording runs.
    expect(advanceRunner(next.state, 60_000)).toEqual({ state: next.state, events: [] });
    expect(runnerProgress(next.state, 60_000)).toEqual({ fraction: 0, secondsLeft: 30 });
  });

  it('counts the answer down from the moment its recording started, so it lasts its full duration', () => {
    const { state } = startRunner(tasks, 0);
    // The start sound stalled for 5 s: the recording started at 15 s, not at 10 s.
    const speaking = startAnswer(state, 10_000, 15_000);
    expect(speaking.events).toEqual([]);
    expect(speaking.state).toMatchObject({ phase: 'speaking', phaseStartedAt: 15_000 });
    expect(runnerProgress(speaking.state, 20_000)).toEqual({ fraction: 5 / 30, secondsLeft: 25 });
    expect(advanceRunner(speaking.state, 44_999).events).toEqual([]);
    expect(advanceRunner(speaking.state, 45_000).events).toEqual([
      { type: 'leave-speaking', taskIndex: 0, windowIndex: 0 },
      { type: 'enter-speaking', taskIndex: 1, windowIndex: 0 },
    ]);
  });

  it('ignores a recording start reported for another task or phase', () => {
    const { state } = startRunner(tasks, 0);
    expect(recordingStarted(state, { taskIndex: 0, windowIndex: 0 }, 1_000)).toEqual({ state, events: [] });
    const starting = advanceRunner(state, 10_000).state;
    expect(recordingStarted(starting, { taskIndex: 1, windowIndex: 0 }, 11_000)).toEqual({
      state: starting,
      events: [],
    });
  });

  it('skips an empty preparation straight into the answer, then finishes after the last task', () => {
    const first = startAnswer(startRunner(tasks, 0).state, 10_000, 10_500);
    const afterFirst = advanceRunner(first.state, 40_500);
    expect(afterFirst.events).toEqual([
      { type: 'leave-speaking', taskIndex: 0, windowIndex: 0 },
      { type: 'enter-speaking', taskIndex: 1, windowIndex: 0 },
    ]);
    const second = recordingStarted(afterFirst.state, { taskIndex: 1, windowIndex: 0 }, 41_000);
    const end = advanceRunner(second.state, 61_000);
    expect(end.events).toEqual([
      { type: 'leave-speaking', taskIndex: 1, windowIndex: 0 },
      { type: 'finish' },
    ]);
    expect(end.state.kind).toBe('finished');
  });

  it('catches up after a stalled tab, in order, up to the next answer to record', () => {
    const { state } = startRunner(tasks, 0);
    const { events, state: s } = advanceRunner(state, 1_000_000);
    expect(events).toEqual([{ type: 'enter-speaking', taskIndex: 0, windowIndex: 0 }]);
    const speaking = recordingStarted(s, { taskIndex: 0, windowIndex: 0 }, 1_000_000);
    const late = advanceRunner(speaking.state, 5_000_000);
    expect(late.events.map((e) => e.type)).toEqual(['leave-speaking', 'enter-speaking']);
  });

  it('finishes at once with no tasks', () => {
    expect(startRunner([], 0)).toEqual({
      state: { kind: 'finished', tasks: [] },
      events: [{ type: 'finish' }],
    });
  });

  it('says when the current phase ends, and has no end while an answer is starting', () => {
    const { state } = startRunner(tasks, 0);
    expect(runnerPhaseEnd(state)).toBe(10_000);
    const starting = advanceRunner(state, 10_000).state;
    expect(runnerPhaseEnd(starting)).toBeNull();
    expect(runnerPhaseEnd(recordingStarted(starting, { taskIndex: 0, windowIndex: 0 }, 12_000).state)).toBe(
      42_000,
    );
  });

  it('reports the progress bar fraction and the seconds left', () => {
    const { state } = startRunner(tasks, 0);
    expect(runnerProgress(state, 2_500)).toEqual({ fraction: 0.25, secondsLeft: 8 });
    expect(runnerProgress(state, 10_000)).toEqual({ fraction: 1, secondsLeft: 0 });
  });
});

/** A question task: the first question is heard, the second only read; then a plain task. */
const withQuestions: RunnerTask[] = [
  {
    id: 3,
    preparationDuration: 5,
    duration: 90,
    windows: [
      { answerSeconds: 40, listen: true },
      { answerSeconds: 50, listen: false },
    ],
  },
  { id: 4, preparationDuration: 10, duration: 20 },
];

const at = (taskIndex: number, windowIndex: number) => ({ taskIndex, windowIndex });

function running(step: RunnerStep) {
  if (step.state.kind !== 'running') throw new Error('not running');
  return step.state;
}

describe('exam runner: answer windows', () => {
  it('after the preparation the question is heard, then the signal and the answer; the next question follows at once', () => {
    const preparing = startRunner(withQuestions, 0).state;
    const heard = advanceRunner(preparing, 5_000);
    expect(heard.events).toEqual([{ type: 'enter-listening', ...at(0, 0) }]);
    expect(running(heard)).toMatchObject({ phase: 'listening', windowIndex: 0, phaseStartedAt: 5_000 });
    // However long the question plays, nothing moves until its end is reported.
    expect(advanceRunner(heard.state, 600_000)).toEqual({ state: heard.state, events: [] });
    expect(runnerPhaseEnd(heard.state)).toBeNull();
    expect(runnerProgress(heard.state, 600_000)).toEqual({ fraction: 0, secondsLeft: 40 });

    const starting = listeningEnded(heard.state, at(0, 0), 12_000);
    expect(starting.events).toEqual([{ type: 'enter-speaking', ...at(0, 0) }]);
    expect(running(starting)).toMatchObject({ phase: 'starting', phaseStartedAt: 12_000 });

    const speaking = recordingStarted(starting.state, at(0, 0), 13_000);
    expect(speaking.events).toEqual([]);
    expect(runnerPhaseEnd(speaking.state)).toBe(53_000);
    expect(runnerProgress(speaking.state, 23_000)).toEqual({ fraction: 10 / 40, secondsLeft: 30 });

    // The second question has no audio: its answer starts as the first one ends.
    const next = advanceRunner(speaking.state, 53_000);
    expect(next.events).toEqual([
      { type: 'leave-speaking', ...at(0, 0) },
      { type: 'enter-speaking', ...at(0, 1) },
    ]);
    expect(running(next)).toMatchObject({ phase: 'starting', taskIndex: 0, windowIndex: 1 });
    expect(runnerProgress(next.state, 53_000)).toEqual({ fraction: 0, secondsLeft: 50 });

    const second = recordingStarted(next.state, at(0, 1), 54_000);
    expect(runnerPhaseEnd(second.state)).toBe(104_000);
    const after = advanceRunner(second.state, 104_000);
    expect(after.events).toEqual([{ type: 'leave-speaking', ...at(0, 1) }]);
    expect(running(after)).toMatchObject({
      phase: 'preparing',
      taskIndex: 1,
      windowIndex: 0,
      phaseStartedAt: 104_000,
    });
  });

  it('hears an audio task whole before the signal, and its answer lasts the whole duration', () => {
    const audioTask: RunnerTask[] = [
      { id: 5, preparationDuration: 0, duration: 60, windows: [{ answerSeconds: 60, listen: true }] },
    ];
    const heard = startRunner(audioTask, 0);
    expect(heard.events).toEqual([{ type: 'enter-listening', ...at(0, 0) }]);
    // The audio took 95 s: none of it is taken from the answer.
    const starting = listeningEnded(heard.state, at(0, 0), 95_000);
    const speaking = recordingStarted(starting.state, at(0, 0), 96_000);
    expect(advanceRunner(speaking.state, 155_999).events).toEqual([]);
    expect(advanceRunner(speaking.state, 156_000)).toEqual({
      state: { kind: 'finished', tasks: audioTask },
      events: [{ type: 'leave-speaking', ...at(0, 0) }, { type: 'finish' }],
    });
  });

  it('ignores stale reports: another window, another phase, a report heard twice', () => {
    const heard = advanceRunner(startRunner(withQuestions, 0).state, 5_000).state;
    const unchanged = { state: heard, events: [] };
    expect(listeningEnded(heard, at(0, 1), 6_000)).toEqual(unchanged);
    expect(listeningEnded(heard, at(1, 0), 6_000)).toEqual(unchanged);
    // The recording cannot start while the question is heard.
    expect(recordingStarted(heard, at(0, 0), 6_000)).toEqual(unchanged);

    const starting = listeningEnded(heard, at(0, 0), 7_000).state;
    // The same end reported again (the audio's 'ended' after its cap fired) changes nothing.
    expect(listeningEnded(starting, at(0, 0), 8_000)).toEqual({ state: starting, events: [] });
    const speaking = recordingStarted(starting, at(0, 0), 8_000).state;
    expect(recordingStarted(speaking, at(0, 0), 9_000)).toEqual({ state: speaking, events: [] });
    expect(listeningEnded(speaking, at(0, 0), 9_000)).toEqual({ state: speaking, events: [] });
    // Nothing is reported into a finished or idle runner.
    expect(listeningEnded({ kind: 'idle' }, at(0, 0), 1)).toEqual({ state: { kind: 'idle' }, events: [] });
  });

  it('catches up after a stalled tab through windows and tasks, stopping where audio must be heard or a recording start', () => {
    const tasks: RunnerTask[] = [
      {
        id: 3,
        preparationDuration: 5,
        duration: 90,
        windows: [
          { answerSeconds: 40, listen: false },
          { answerSeconds: 50, listen: true },
        ],
      },
      { id: 4, preparationDuration: 10, duration: 20 },
    ];
    const first = startRunner(tasks, 0).state;
    const stalled = advanceRunner(first, 1_000_000);
    expect(stalled.events).toEqual([{ type: 'enter-speaking', ...at(0, 0) }]);
    const speaking = recordingStarted(stalled.state, at(0, 0), 1_000_000).state;
    const late = advanceRunner(speaking, 5_000_000);
    expect(late.events).toEqual([
      { type: 'leave-speaking', ...at(0, 0) },
      { type: 'enter-listening', ...at(0, 1) },
    ]);
    expect(running(late)).toMatchObject({ phase: 'listening', windowIndex: 1, phaseStartedAt: 1_040_000 });
    const second = recordingStarted(
      listeningEnded(late.state, at(0, 1), 5_000_000).state,
      at(0, 1),
      5_000_000,
    );
    const later = advanceRunner(second.state, 9_000_000);
    // Past the second answer and the next task's whole preparation, up to its answer's start.
    expect(later.events).toEqual([
      { type: 'leave-speaking', ...at(0, 1) },
      { type: 'enter-speaking', ...at(1, 0) },
    ]);
    expect(running(later)).toMatchObject({ phase: 'starting', taskIndex: 1, phaseStartedAt: 5_060_000 });
  });

  it('runs a task with no windows given exactly as a plain task of its duration', () => {
    const plain: RunnerTask = { id: 1, preparationDuration: 10, duration: 30 };
    expect(runnerWindows(plain)).toEqual([{ answerSeconds: 30, listen: false }]);
    expect(runnerWindows({ ...plain, windows: [] })).toEqual([{ answerSeconds: 30, listen: false }]);
    const run = (task: RunnerTask) => {
      const starting = advanceRunner(startRunner([task], 0).state, 10_000);
      const speaking = recordingStarted(starting.state, at(0, 0), 11_000);
      return [starting, speaking, advanceRunner(speaking.state, 41_000)].map((step) => step.events);
    };
    const events = run(plain);
    expect(run({ ...plain, windows: [] })).toEqual(events);
    expect(events).toEqual([
      [{ type: 'enter-speaking', ...at(0, 0) }],
      [],
      [{ type: 'leave-speaking', ...at(0, 0) }, { type: 'finish' }],
    ]);
  });
});
