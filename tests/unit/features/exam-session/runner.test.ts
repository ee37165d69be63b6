import { describe, expect, it } from 'vitest';
import {
  advanceRunner,
  recordingStarted,
  runnerPhaseEnd,
  type RunnerState,
  runnerProgress,
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
  return recordingStarted(starting, starting.taskIndex, startedAt);
}

describe('exam runner', () => {
  it('starts in the preparation of the first task', () => {
    const { state, events } = startRunner(tasks, 0);
    expect(events).toEqual([]);
    expect(state).toMatchObject({ kind: 'running', taskIndex: 0, phase: 'preparing', phaseStartedAt: 0 });
  });

  it('starts the answer when the preparation is over, and waits there for the recording', () => {
    const { state } = startRunner(tasks, 0);
    expect(advanceRunner(state, 9_999).events).toEqual([]);
    const next = advanceRunner(state, 10_000);
    expect(next.events).toEqual([{ type: 'enter-speaking', taskIndex: 0 }]);
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
      { type: 'leave-speaking', taskIndex: 0 },
      { type: 'enter-speaking', taskIndex: 1 },
    ]);
  });

  it('ignores a recording start reported for another task or phase', () => {
    const { state } = startRunner(tasks, 0);
    expect(recordingStarted(state, 0, 1_000)).toEqual({ state, events: [] });
    const starting = advanceRunner(state, 10_000).state;
    expect(recordingStarted(starting, 1, 11_000)).toEqual({ state: starting, events: [] });
  });

  it('skips an empty preparation straight into the answer, then finishes after the last task', () => {
    const first = startAnswer(startRunner(tasks, 0).state, 10_000, 10_500);
    const afterFirst = advanceRunner(first.state, 40_500);
    expect(afterFirst.events).toEqual([
      { type: 'leave-speaking', taskIndex: 0 },
      { type: 'enter-speaking', taskIndex: 1 },
    ]);
    const second = recordingStarted(afterFirst.state, 1, 41_000);
    const end = advanceRunner(second.state, 61_000);
    expect(end.events).toEqual([{ type: 'leave-speaking', taskIndex: 1 }, { type: 'finish' }]);
    expect(end.state.kind).toBe('finished');
  });

  it('catches up after a stalled tab, in order, up to the next answer to record', () => {
    const { state } = startRunner(tasks, 0);
    const { events, state: s } = advanceRunner(state, 1_000_000);
    expect(events).toEqual([{ type: 'enter-speaking', taskIndex: 0 }]);
    const speaking = recordingStarted(s, 0, 1_000_000);
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
    expect(runnerPhaseEnd(recordingStarted(starting, 0, 12_000).state)).toBe(42_000);
  });

  it('reports the progress bar fraction and the seconds left', () => {
    const { state } = startRunner(tasks, 0);
    expect(runnerProgress(state, 2_500)).toEqual({ fraction: 0.25, secondsLeft: 8 });
    expect(runnerProgress(state, 10_000)).toEqual({ fraction: 1, secondsLeft: 0 });
  });
});
