import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Variant } from '@/features/exam-session/api/get-exam-variant';
import { examExtendedQuery } from '@/features/exam-session/api/get-exam-extended';
import { examVariantQuery } from '@/features/exam-session/api/get-exam-variant';
import type { StudentExamExtended } from '@/shared/contract/student';
import type { TaskDto } from '@/shared/contract/teacher';

// The start screen as the student meets it: the session itself (microphone, recorder) is a fake
// whose start is watched; the exam and its variant come from the query cache, as after the
// exam page saved them.

const start = vi.fn((_variantId: number | null) => Promise.resolve());
vi.mock('@/features/exam-session/hooks/use-exam-session', () => ({
  useExamSession: () => ({
    stage: 'choose',
    start,
    problem: null,
    fault: null,
    blocker: { status: 'idle' },
  }),
}));
vi.mock('@/features/exam-session/hooks/use-device-storage', () => ({
  useDeviceStorage: () => ({ persisted: false, check: null }),
}));

const { ExamSessionScreen, HEADPHONES_TEXT } =
  await import('@/features/exam-session/components/exam-session-screen');
// The screen loads its running parts once drawn: loaded here first, so no test ends (and the file's
// environment is torn down) while that import is still on its way.
await Promise.all([
  import('@/features/exam-session/components/task-view'),
  import('@/features/exam-session/components/leave-exam-dialog'),
]);

// No model answer (spread: a contract without the field takes this too).
const noModelAnswer = { modelAnswer: null };

const task = (over: Partial<TaskDto>): TaskDto => ({
  ...noModelAnswer,
  id: 1,
  name: 'Монолог',
  text: '',
  duration: 120,
  preparationDuration: 60,
  type: 'TEXT_TASK',
  files: [],
  criteria: [],
  questions: [],
  modelAnswer: null,
  ...over,
});

/** 1:00 + 0:30 to prepare; 2:00 to answer, then two questions of 0:40 and 0:50. */
const variant: Variant = {
  id: 4,
  name: 'Вариант 1',
  tasks: [
    { id: 1, sequence_number: 0, task: task({}) },
    {
      id: 2,
      sequence_number: 1,
      task: task({
        id: 2,
        name: 'Интервью',
        preparationDuration: 30,
        duration: 90,
        questions: [40, 50].map((answerSeconds) => ({ text: null, fileId: null, file: null, answerSeconds })),
      }),
    },
  ],
};

function showStart(variants: StudentExamExtended['variants']) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const exam: StudentExamExtended = {
    id: 3,
    name: 'Пробный экзамен',
    variants,
    attempts: null,
    opensAt: null,
    closesAt: null,
    attemptsUsed: 0,
  };
  client.setQueryData(examExtendedQuery(3).queryKey, exam);
  client.setQueryData(examVariantQuery(3, 4).queryKey, variant);
  return render(
    <QueryClientProvider client={client}>
      <ExamSessionScreen examId={3} onFinished={() => undefined} />
    </QueryClientProvider>,
  );
}

const startButton = () => screen.getByRole('button', { name: 'Начать экзамен' }) as HTMLButtonElement;

beforeEach(() => start.mockClear());

describe('the start of an exam', () => {
  it('picks the only variant, shows the whole time and starts it without asking', async () => {
    showStart([{ id: 4, name: 'Вариант 1' }]);
    expect((screen.getByRole('radio', { name: 'Вариант 1' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (await screen.findByText('Всего 05:00: подготовка 01:30, ответы 03:30')).getAttribute('data-testid'),
    ).toBe('exam-total-time');
    // Enabled once the device's own attempts were read.
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    // Once the running screen's code is loaded.
    await waitFor(() => expect(start).toHaveBeenCalledWith(4));
  });

  it('leaves the choice to the student when there are several variants', async () => {
    showStart([
      { id: 4, name: 'Вариант 1' },
      { id: 5, name: 'Вариант 2' },
    ]);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.queryByTestId('exam-total-time')).toBeNull();
    await waitFor(() => expect(startButton().disabled).toBe(false));
    // The session says 'Выберите вариант' for a start without one.
    fireEvent.click(startButton());
    await waitFor(() => expect(start).toHaveBeenCalledWith(null));
    fireEvent.click(screen.getByRole('radio', { name: 'Вариант 1' }));
    expect(await screen.findByText('Всего 05:00: подготовка 01:30, ответы 03:30')).toBeTruthy();
    fireEvent.click(startButton());
    await waitFor(() => expect(start).toHaveBeenLastCalledWith(4));
  });

  it('offers the microphone check first, says headphones are best, and how the answer is kept in plain words', () => {
    showStart([{ id: 4, name: 'Вариант 1' }]);
    const check = screen.getByRole('region', { name: 'Проверка микрофона' });
    const choice = screen.getByRole('radiogroup', { name: 'Вариант' });
    expect(check.compareDocumentPosition(choice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('headphones-note').textContent).toBe(HEADPHONES_TEXT);
    expect(HEADPHONES_TEXT).toBe(
      'Лучше в наушниках: вопросы и аудиозаписи звучат в них, а не в записи ответа',
    );
    const note = screen.getByTestId('storage-persisted').textContent ?? '';
    expect(note).toContain('Не очищайте браузер, пока ответ не отправлен');
    expect(note).not.toMatch(/данные браузера|постоянно/);
  });
});
