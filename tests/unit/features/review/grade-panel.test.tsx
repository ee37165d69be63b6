import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scoresQueryKey } from '@/features/review/api/query-keys';
import { GradePanel } from '@/features/review/components/grade-panel';
import type { RecordingScores } from '@/shared/contract/grading';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { queryClient } from '@/lib/query-client';

const AUDIO = 5;

const graded: RecordingScores = {
  tasks: [
    {
      position: 1,
      taskId: 11,
      taskName: 'Монолог',
      criteria: [
        { name: 'Решение задачи', maxPoints: 1, points: 1 },
        { name: 'Организация', maxPoints: 2, points: null },
      ],
    },
    { position: 2, taskId: 12, taskName: 'Без критериев', criteria: [] },
    {
      position: 3,
      taskId: 13,
      taskName: 'Чтение',
      criteria: [{ name: 'Интонация', maxPoints: 3, points: 0 }],
    },
  ],
  total: 1,
  maxTotal: 6,
  gradedAt: '2026-01-01T10:00:00.000Z',
};

async function renderPanel(
  scores: RecordingScores,
  props: Omit<ComponentProps<typeof GradePanel>, 'audioId'> = {},
) {
  queryClient.setQueryData(scoresQueryKey(AUDIO), scores);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <QueryClientProvider client={queryClient}>
          <GradePanel audioId={AUDIO} {...props} />
        </QueryClientProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return screen.findByTestId('grade-panel');
}

beforeEach(async () => {
  syncEngine.stop();
  await localDb.outbox.clear();
  queryClient.clear();
});

// MUI's role queries are slow on a loaded machine: generous time rather than flaky failures.
const SLOW = 20_000;

describe('GradePanel', () => {
  it(
    'shows each task of the variant with its criteria, the total and that the grade is saved',
    async () => {
      const panel = await renderPanel(graded);
      const first = within(panel).getByRole('region', { name: 'Задание 1. Монолог' });
      const decision = within(first).getByRole('combobox', { name: 'Решение задачи (0–1)' });
      expect((decision as HTMLSelectElement).value).toBe('1');
      // A keyboard-friendly native select: «—» (not scored) and every whole number up to the maximum.
      const options = within(first)
        .getByRole('combobox', { name: 'Организация (0–2)' })
        .querySelectorAll('option');
      expect([...options].map((o) => o.textContent)).toEqual(['—', '0', '1', '2']);
      expect(within(panel).getByTestId('grade-total').textContent).toBe('Итого: 1 из 6');
      expect(within(panel).getByText('Сохранено')).toBeTruthy();

      const ungraded = within(panel).getByRole('region', { name: 'Задание 2. Без критериев' });
      expect(ungraded.textContent).toContain('Задание не оценивается');
      expect(within(ungraded).getByRole('link', { name: 'Добавить критерии' }).getAttribute('href')).toBe(
        '/teacher/tasks/12',
      );
    },
    SLOW,
  );

  it(
    'queues the whole grade on a change and shows it at once, waiting to be sent',
    async () => {
      const panel = await renderPanel(graded);
      fireEvent.change(within(panel).getByRole('combobox', { name: 'Организация (0–2)' }), {
        target: { value: '2' },
      });
      await waitFor(() => expect(within(panel).getByText('Ждет отправки')).toBeTruthy());
      expect(within(panel).getByTestId('grade-total').textContent).toBe('Итого: 3 из 6');
      const queued = await syncEngine.pendingOf('grade');
      expect(queued).toHaveLength(1);
      expect(queued[0].payload.audioId).toBe(AUDIO);
      expect(queued[0].payload.scores).toEqual(
        expect.arrayContaining([
          { position: 1, criterion: 0, points: 1 },
          { position: 1, criterion: 1, points: 2 },
          { position: 3, criterion: 0, points: 0 },
        ]),
      );
      expect(queued[0].payload.scores).toHaveLength(3);

      // «—» takes a score back out of the grade.
      fireEvent.change(within(panel).getByRole('combobox', { name: 'Решение задачи (0–1)' }), {
        target: { value: '' },
      });
      await waitFor(() => expect(within(panel).getByTestId('grade-total').textContent).toBe('Итого: 2 из 6'));
      const latest = (await syncEngine.pendingOf('grade')).at(-1);
      expect(latest?.payload.scores).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'offers to listen to each task from its start and, for a task with questions, from each question',
    async () => {
      const onPlayFrom = vi.fn();
      const panel = await renderPanel(graded, {
        starts: { taskStarts: [0, 95.5, 180], questionStarts: [[], [100, 140], []] },
        onPlayFrom,
      });
      const second = within(panel).getByRole('region', { name: 'Задание 2. Без критериев' });
      fireEvent.click(within(second).getByRole('button', { name: 'Слушать с начала' }));
      expect(onPlayFrom).toHaveBeenLastCalledWith(95.5);
      expect(
        within(second)
          .getAllByRole('button', { name: /^Вопрос/ })
          .map((b) => b.textContent),
      ).toEqual(['Вопрос 1', 'Вопрос 2']);
      fireEvent.click(within(second).getByRole('button', { name: 'Вопрос 2' }));
      expect(onPlayFrom).toHaveBeenLastCalledWith(140);

      const first = within(panel).getByRole('region', { name: 'Задание 1. Монолог' });
      expect(within(first).queryByRole('button', { name: /^Вопрос/ })).toBeNull();
      fireEvent.click(within(first).getByRole('button', { name: 'Слушать с начала' }));
      expect(onPlayFrom).toHaveBeenLastCalledWith(0);
    },
    SLOW,
  );

  it(
    'offers no listening where the recording does not say where a task began',
    async () => {
      const panel = await renderPanel(graded, { starts: { taskStarts: [0] }, onPlayFrom: vi.fn() });
      const third = within(panel).getByRole('region', { name: 'Задание 3. Чтение' });
      expect(within(third).queryByRole('button', { name: 'Слушать с начала' })).toBeNull();
      expect(within(panel).getAllByRole('button', { name: 'Слушать с начала' })).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'says when nothing is graded yet',
    async () => {
      const fresh: RecordingScores = {
        ...graded,
        tasks: graded.tasks.map((t) => ({ ...t, criteria: t.criteria.map((c) => ({ ...c, points: null })) })),
        total: 0,
        gradedAt: null,
      };
      const panel = await renderPanel(fresh);
      expect(within(panel).getByText('Не оценено')).toBeTruthy();
      expect(within(panel).getByTestId('grade-total').textContent).toBe('Итого: 0 из 6');
    },
    SLOW,
  );
});
