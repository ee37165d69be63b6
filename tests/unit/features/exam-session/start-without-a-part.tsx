import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { ExamSessionScreen } from '@/features/exam-session/components/exam-session-screen';
import { examExtendedQuery } from '@/features/exam-session/api/get-exam-extended';
import { examVariantQuery } from '@/features/exam-session/api/get-exam-variant';
import { notify } from '@/lib/notify';
import { ERROR_TEXT } from '@/shared/messages';

/**
 * Presses 'Начать экзамен' with one of the exam's parts unable to load (the caller's mocks): the
 * start fails with a message, `start` is never called and the choice stays for another try.
 */
export async function expectStartFailsWithMessage(start: (variantId: number | null) => Promise<void>) {
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
  expect(screen.getByRole('radio', { name: 'Вариант 1' })).toBeTruthy();
}
