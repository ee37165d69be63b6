import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerMarkers, fittingLabels } from '@/components/waveform/answer-markers';
import { MarkerButtons } from '@/components/waveform/marker-buttons';

describe('answerMarkers', () => {
  it('marks each task, then each of its questions, with labels and spoken names', () => {
    const markers = answerMarkers([0, 60, 200], [[], [75, 120.5], [200]]);
    expect(markers.map((m) => [m.id, m.start, m.label, m.name])).toEqual([
      ['marker-0', 0, 'Задание 1', 'Задание 1'],
      ['marker-1', 60, 'Задание 2', 'Задание 2'],
      ['marker-1-0', 75, '2.1', 'Задание 2, вопрос 1'],
      ['marker-1-1', 120.5, '2.2', 'Задание 2, вопрос 2'],
      ['marker-2', 200, 'Задание 3', 'Задание 3'],
      ['marker-2-0', 200, '3.1', 'Задание 3, вопрос 1'],
    ]);
    expect(markers.map((m) => [m.task, m.question])).toEqual([
      [1, null],
      [2, null],
      [2, 1],
      [2, 2],
      [3, null],
      [3, 1],
    ]);
  });

  it('marks only the tasks of a recording without questions (or saved before they existed)', () => {
    expect(answerMarkers([0, 30], []).map((m) => m.label)).toEqual(['Задание 1', 'Задание 2']);
    expect(answerMarkers([0, 30], undefined).map((m) => m.label)).toEqual(['Задание 1', 'Задание 2']);
    expect(answerMarkers(undefined, undefined)).toEqual([]);
  });

  it('leaves out a start that is missing or not a time, the others keeping their numbers', () => {
    const markers = answerMarkers([0, Number.NaN], [[], [40, -1, 90]]);
    expect(markers.map((m) => m.label)).toEqual(['Задание 1', '2.1', '2.3']);
  });
});

describe('fittingLabels', () => {
  const markers = answerMarkers([0, 60, 200], [[], [60, 80, 100], []]);

  it('labels every marker where there is room', () => {
    expect(fittingLabels(markers, 4)).toEqual(['Задание 1', 'Задание 2', null, '2.2', '2.3', 'Задание 3']);
  });

  it('shortens a task’s label to its number, and drops a question’s, where the next marker is close', () => {
    // 20 s between the questions: 20 px at 1 px/s, 60 px from task 1 to task 2.
    expect(fittingLabels(markers, 1)).toEqual(['1', '2', null, null, '2.3', 'Задание 3']);
    expect(fittingLabels(markers, 0.5)).toEqual(['1', null, null, null, '2.3', 'Задание 3']);
  });

  it('labels all while the width is not known', () => {
    expect(fittingLabels(markers, Infinity)).toEqual([
      'Задание 1',
      'Задание 2',
      null,
      '2.2',
      '2.3',
      'Задание 3',
    ]);
  });
});

describe('MarkerButtons', () => {
  it('lists the markers as buttons named aloud, each jumping to its marker', () => {
    const onJump = vi.fn();
    const markers = answerMarkers([0, 60], [[], [75, 120]]);
    render(<MarkerButtons markers={markers} onJump={onJump} />);
    const group = screen.getByRole('group', { name: 'Начала ответов' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Задание 1', 'Задание 2', '2.1', '2.2']);
    fireEvent.click(within(group).getByRole('button', { name: 'Задание 2, вопрос 2' }));
    expect(onJump).toHaveBeenCalledWith(expect.objectContaining({ start: 120, task: 2, question: 2 }));
  });
});
