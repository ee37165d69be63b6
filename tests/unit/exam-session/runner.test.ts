import { describe, expect, it } from 'vitest';
import { advanceRunner, runnerProgress, startRunner } from '../../../src/features/exam-session/model/runner';

const tasks = [
  { id: 1, preparationDuration: 10, duration: 30 },
  { id: 2, preparationDuration: 0, duration: 20 },
];

describe('exam runner', () => {
  it('starts in the preparation of the first task', () => {
    const { state, events } = startRunner(tasks, 0);
    expect(events).toEqual([]);
    expect(state).toMatchObject({ kind: 'running', taskIndex: 0, phase: 'preparing', phaseStartedAt: 0 });
  });

  it('enters the speaking phase when the preparation is over', () => {
    const { state } = startRunner(tasks, 0);
    expect(advanceRunner(state, 9_999).events).toEqual([]);
    const next = advanceRunner(state, 10_000);
    expect(next.events).toEqual([{ type: 'enter-speaking', taskIndex: 0 }]);
    expect(next.state).toMatchObject({ phase: 'speaking', phaseStartedAt: 10_000 });
  });

  it('skips an empty preparation straight into speaking, then finishes after the last task', () => {
    let { state } = startRunner(tasks, 0);
    state = advanceRunner(state, 10_000).state;
    const afterFirst = advanceRunner(state, 40_000);
    expect(afterFirst.events).toEqual([
      { type: 'leave-speaking', taskIndex: 0 },
      { type: 'enter-speaking', taskIndex: 1 },
    ]);
    const end = advanceRunner(afterFirst.state, 60_000);
    expect(end.events).toEqual([{ type: 'leave-speaking', taskIndex: 1 }, { type: 'finish' }]);
    expect(end.state.kind).toBe('finished');
  });

  it('catches up several phases at once after a stalled tab, in order', () => {
    const { state } = startRunner(tasks, 0);
    const { events, state: s } = advanceRunner(state, 1_000_000);
    expect(events.map((e) => e.type)).toEqual([
      'enter-speaking',
      'leave-speaking',
      'enter-speaking',
      'leave-speaking',
      'finish',
    ]);
    expect(s.kind).toBe('finished');
  });

  it('finishes at once with no tasks', () => {
    expect(startRunner([], 0)).toEqual({
      state: { kind: 'finished', tasks: [] },
      events: [{ type: 'finish' }],
    });
  });

  it('reports the progress bar fraction and the seconds left', () => {
    const { state } = startRunner(tasks, 0);
    expect(runnerProgress(state, 2_500)).toEqual({ fraction: 0.25, secondsLeft: 8 });
    expect(runnerProgress(state, 10_000)).toEqual({ fraction: 1, secondsLeft: 0 });
  });
});
