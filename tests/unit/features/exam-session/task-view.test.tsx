import { fireEvent, render, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Variant } from '@/features/exam-session/api/get-exam-variant';
import { TaskView } from '@/features/exam-session/components/task-view';
import { runnerTaskOf } from '@/features/exam-session/model/answer-windows';
import {
  advanceRunner,
  listeningEnded,
  recordingStarted,
  type RunnerState,
  startRunner,
} from '@/features/exam-session/model/runner';
import type { TaskDto } from '@/shared/contract/teacher';

// The session screen's texts for each phase, as the student reads them (and tests find them).

const audio = (id: number) => ({
  id,
  name: `q${id}.mp3`,
  type: 'audio/mpeg',
  access: `/api/files/${id}/content`,
});

// No model answer (spread: a contract without the field takes this too).
const noModelAnswer = { modelAnswer: null };

const plainTask: TaskDto = {
  ...noModelAnswer,
  id: 1,
  name: 'Монолог',
  text: '<p>Расскажите о своем городе.</p>',
  duration: 120,
  preparationDuration: 90,
  type: 'TEXT_TASK',
  files: [],
  criteria: [],
  questions: [],
  modelAnswer: null,
} as TaskDto;
const questionTask: TaskDto = {
  ...plainTask,
  id: 2,
  name: 'Интервью',
  text: '<p>Ответьте на вопросы.</p>',
  preparationDuration: 0,
  duration: 200,
  questions: [1, 2, 3, 4, 5].map((n) => ({
    text: n === 2 ? 'What do you do in your free time?' : null,
    fileId: 10 + n,
    file: audio(10 + n),
    answerSeconds: 40,
  })),
};

const variant: Variant = {
  id: 4,
  name: 'Вариант 1',
  tasks: [
    { id: 1, sequence_number: 0, task: plainTask },
    { id: 2, sequence_number: 1, task: questionTask },
  ],
};
const tasks = variant.tasks.map((vt) => runnerTaskOf(vt.task));

function show(state: RunnerState, now: number, listening: number | null = null) {
  return render(
    <TaskView variant={variant} runner={state} now={now} level={() => 0} listening={() => listening} />,
  );
}

/** The runner answering window `windowIndex` of task `taskIndex` from `at` (its audio heard first if any). */
function answering(state: RunnerState, taskIndex: number, windowIndex: number, at: number) {
  const ref = { taskIndex, windowIndex };
  const heard =
    state.kind === 'running' && state.phase === 'listening' ? listeningEnded(state, ref, at).state : state;
  return recordingStarted(heard, ref, at).state;
}

/**
 * The runner at the interview's second question: the monologue answered (90 s to prepare, 120 s
 * to answer), the first question heard and answered (40 s); the second one plays from 250 s,
 * then is answered from 255 s.
 */
function secondQuestion() {
  const monologue = answering(advanceRunner(startRunner(tasks, 0).state, 90_000).state, 0, 0, 90_000);
  const first = answering(advanceRunner(monologue, 210_000).state, 1, 0, 210_000);
  const listening = advanceRunner(first, 250_000).state;
  return { listening, speaking: answering(listening, 1, 1, 255_000) };
}

describe('the exam screen', () => {
  it('counts down to the answer in the preparation and says the recording starts by itself', () => {
    show(startRunner(tasks, 0).state, 31_000);
    expect(screen.getByRole('heading', { name: 'Задание №1 из 2: Монолог' })).toBeTruthy();
    expect(screen.getByText('До начала ответа 00:59')).toBeTruthy();
    expect(screen.getByText('Запись начнется автоматически после сигнала')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Время подготовки' })).toBeTruthy();
    expect(screen.queryByText('Идет запись')).toBeNull();
    expect(screen.queryByText(/^Вопрос/)).toBeNull();
  });

  it('shows a red dot labelled as recording without a clock of its own, and counts down to the end of the answer', () => {
    const starting = advanceRunner(startRunner(tasks, 0).state, 90_000).state;
    const speaking = recordingStarted(starting, { taskIndex: 0, windowIndex: 0 }, 90_000).state;
    show(speaking, 93_000);
    expect(screen.getByText('До конца ответа 01:57')).toBeTruthy();
    expect(screen.getByTestId('phase-speaking').textContent).toBe('Идет запись');
    expect(screen.getByRole('progressbar', { name: 'Время ответа' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Уровень микрофона' })).toBeTruthy();
    expect(screen.queryByText('Запись начнется автоматически после сигнала')).toBeNull();
  });

  it("names the question, shows its text, and while it plays says so with the audio's progress", () => {
    const { listening, speaking } = secondQuestion();
    const view = show(listening, 252_000, 0.25);
    expect(screen.getByRole('heading', { name: 'Задание №2 из 2: Интервью' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Вопрос 2 из 5' })).toBeTruthy();
    expect(screen.getByText('What do you do in your free time?')).toBeTruthy();
    expect(screen.getByText('Звучит аудиозапись')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Звучит аудиозапись' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.queryByText('Идет запись')).toBeNull();
    expect(screen.queryByText(/^До конца ответа/)).toBeNull();
    view.unmount();

    show(speaking, 258_000);
    expect(screen.getByRole('heading', { name: 'Вопрос 2 из 5' })).toBeTruthy();
    expect(screen.getByText('До конца ответа 00:37')).toBeTruthy();
    expect(screen.getByText('Идет запись')).toBeTruthy();
    expect(screen.queryByText('Звучит аудиозапись')).toBeNull();
  });

  it('shows a question without text by its number only, and an audio of unknown length as a moving bar', () => {
    const { speaking } = secondQuestion();
    const third = advanceRunner(speaking, 295_000).state;
    show(third, 296_000, null);
    expect(screen.getByRole('heading', { name: 'Вопрос 3 из 5' })).toBeTruthy();
    expect(screen.queryByTestId('question-text')).toBeNull();
    expect(
      screen.getByRole('progressbar', { name: 'Звучит аудиозапись' }).getAttribute('aria-valuenow'),
    ).toBeNull();
  });
});

describe('the task on a phone', () => {
  const picture = { id: 30, name: 'Фото парка.jpg', type: 'image/jpeg', access: '/api/files/30/content' };
  const withImage: Variant = {
    ...variant,
    tasks: [{ id: 1, sequence_number: 0, task: { ...plainTask, files: [picture] } }, variant.tasks[1]],
  };

  it('keeps the phase and its countdown together at the top, apart from the full-width title', () => {
    show(startRunner(tasks, 0).state, 31_000);
    const timer = screen.getByTestId('exam-timer');
    expect(timer.contains(screen.getByTestId('phase-preparing'))).toBe(true);
    expect(timer.contains(screen.getByText('До начала ответа 00:59'))).toBe(true);
    expect(timer.contains(screen.getByRole('heading', { name: 'Задание №1 из 2: Монолог' }))).toBe(false);
    expect(getComputedStyle(timer).position).toBe('sticky');
  });

  it('opens a task image full screen on a tap, with the countdown, and closes it by the button and by Escape', async () => {
    render(
      <TaskView
        variant={withImage}
        runner={startRunner(tasks, 0).state}
        now={31_000}
        level={() => 0}
        listening={() => null}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Открыть на весь экран: Фото парка.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Фото парка.jpg' });
    expect(within(dialog).getByRole('img', { name: 'Фото парка.jpg' }).getAttribute('src')).toBe(
      picture.access,
    );
    expect(within(dialog).getByText('До начала ответа 00:59')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));

    // By keyboard: the image is a real button (Tab reaches it, Enter and Space press it), and
    // Escape closes what it opened.
    const open = screen.getByRole('button', { name: 'Открыть на весь экран: Фото парка.jpg' });
    expect(open.tagName).toBe('BUTTON');
    fireEvent.click(open);
    const again = await screen.findByRole('dialog');
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  });
});
