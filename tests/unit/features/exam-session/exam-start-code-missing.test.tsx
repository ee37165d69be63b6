import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { examExtendedQuery } from '@/features/exam-session/api/get-exam-extended';
import { examVariantQuery } from '@/features/exam-session/api/get-exam-variant';
import { notify } from '@/lib/notify';
import { ERROR_TEXT } from '@/shared/messages';

// The running screen's code loads after the choice of variant is drawn. Here it cannot load (as
// offline on a device whose worker never cached it): the start must fail with a message, not run
// an exam without its screen.

const start = vi.fn((_variantId: number | null) => Promise.resolve());
vi.mock('@/features/exam-session/hooks/use-exam-session', () => ({
  useExamSession: () => ({ stage: 'choose', start, problem: null, fault: null, blocker: { status: 'idle' } }),
}));
vi.mock('@/features/exam-session/hooks/use-device-storage', () => ({
  useDeviceStorage: () => ({ persisted: false, check: null }),
}));
vi.mock('@/features/exam-session/components/task-view', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { ExamSessionScreen } = await import('@/features/exam-session/components/exam-session-screen');

it('a start whose running screen cannot load says so and does not start the exam', async () => {
  const showError = vi.spyOn(notify, 'error');
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(examExtendedQuery(3).queryKey, {
    id: 3,
    name: 'Пробный экзамен',
    variants: [{ id: 4, name: 'Вариант 1' }],
    attempts: null,
    opensAt: null,
    closesAt: null,
    attemptsUsed: 0,
  });
  client.setQueryData(examVariantQuery(3, 4).queryKey, { id: 4, name: 'Вариант 1', tasks: [] });
  render(
    <QueryClientProvider client={client}>
      <ExamSessionScreen examId={3} onFinished={() => undefined} />
    </QueryClientProvider>,
  );
  const button = screen.getByRole('button', { name: 'Начать экзамен' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  await waitFor(() => expect(showError).toHaveBeenCalledWith(ERROR_TEXT.generic));
  expect(start).not.toHaveBeenCalled();
  // Still the choice, ready for another try.
  expect(screen.getByRole('radio', { name: 'Вариант 1' })).toBeTruthy();
});
