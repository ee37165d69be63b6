import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingQueryKey, scoresQueryKey } from '@/features/review/api/query-keys';
import { RecordingReviewPage } from '@/features/review/components/recording-review-page';
import { MAIN_REGION_ID } from '@/components/waveform/use-main-region';
import { teacherRecordingDetailSchema } from '@/shared/contract/review';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { queryClient } from '@/lib/query-client';
import { made } from '../../helpers/fake-wavesurfer';

vi.mock('wavesurfer.js', async () => (await import('../../helpers/fake-wavesurfer')).wavesurferModule);
vi.mock(
  'wavesurfer.js/dist/plugins/regions.js',
  async () => (await import('../../helpers/fake-wavesurfer')).regionsModule,
);

const AUDIO = 9;

const recording = teacherRecordingDetailSchema.parse({
  id: AUDIO,
  name: 'Пробный устный экзамен — Учеников Иван',
  date: '2026-03-05T09:07:00.000Z',
  checked: false,
  access: '/media/recording/9',
  mime: 'audio/webm',
  duration: 120,
  taskStarts: [0, 60],
  questionStarts: [],
  peaks: [0.1, 0.4, 0.2],
  comments: [],
  variant: null,
  student: { id: 3, surname: 'Учеников', name: 'Иван', patronymic: '' },
  exam: { id: 4, name: 'Пробный устный экзамен' },
});

async function renderReview() {
  queryClient.setQueryData(recordingQueryKey(AUDIO), recording);
  queryClient.setQueryData(scoresQueryKey(AUDIO), { tasks: [], total: 0, maxTotal: 0, gradedAt: null });
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <QueryClientProvider client={queryClient}>
          <RecordingReviewPage recordingId={AUDIO} />
        </QueryClientProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  const creator = await screen.findByTestId('comment-creator');
  // The waveform is drawn and holds the main region.
  await waitFor(() => expect(made.regions.at(-1)?.byId(MAIN_REGION_ID)).toBeDefined());
  const ws = made.players.at(-1)!;
  const main = () => made.regions.at(-1)!.byId(MAIN_REGION_ID)!;
  const times = () => within(creator).getByTestId('main-region-times').textContent;
  const add = async (text: string) => {
    fireEvent.input(within(creator).getByRole('textbox', { name: 'Комментарий' }), {
      target: { value: text },
    });
    fireEvent.click(within(creator).getByRole('button', { name: 'Добавить' }));
    await waitFor(async () =>
      expect((await syncEngine.pendingOf('comment')).map((i) => i.payload)).toContainEqual(
        expect.objectContaining({ comment: text }),
      ),
    );
  };
  /** The spans of the comments queued, in order. */
  const queued = async () =>
    (await syncEngine.pendingOf('comment')).map((i) => {
      const op = i.payload;
      return op.op === 'create' ? [op.comment, op.start, op.end] : null;
    });
  return { creator, ws, main, times, add, queued };
}

beforeEach(async () => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  syncEngine.stop();
  await localDb.outbox.clear();
  queryClient.clear();
  made.players.length = 0;
  made.regions.length = 0;
});

// MUI's role queries are slow on a loaded machine: generous time rather than flaky failures.
const SLOW = 20_000;

describe('a new comment’s region on the review page', () => {
  it(
    'starts at the playhead, 5 s long, and says how to stretch it',
    async () => {
      const { creator, main, times } = await renderReview();
      expect(times()).toBe('00:00 – 00:05');
      expect([main().start, main().end]).toEqual([0, 5]);
      expect(within(creator).getByText('Потяните за края области, чтобы изменить ее длину')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'goes where the waveform is clicked, and the comment is saved at the region’s times',
    async () => {
      const { ws, main, times, add, queued } = await renderReview();
      act(() => ws.clickAt(42));
      await waitFor(() => expect(times()).toBe('00:42 – 00:47'));
      expect([main().start, main().end]).toEqual([42, 47]);
      await add('Пауза слишком длинная');

      // The next comment elsewhere lands elsewhere: not both on one span.
      act(() => ws.clickAt(75.25));
      await waitFor(() => expect(times()).toBe('01:15 – 01:20'));
      await add('Хорошее окончание');
      expect(await queued()).toEqual([
        ['Пауза слишком длинная', 42, 47],
        ['Хорошее окончание', 75.3, 80.3],
      ]);
    },
    SLOW,
  );

  it(
    'is put at the playhead by ‘Комментарий с этого места’, and a new one starts at the playhead',
    async () => {
      const { creator, ws, main, times, add, queued } = await renderReview();
      // Listened up to 01:30 (the playhead moves, the region stays).
      act(() => ws.setTime(90));
      expect(times()).toBe('00:00 – 00:05');
      fireEvent.click(within(creator).getByRole('button', { name: 'Комментарий с этого места' }));
      await waitFor(() => expect(times()).toBe('01:30 – 01:35'));
      expect([main().start, main().end]).toEqual([90, 95]);
      await add('Здесь ошибка');

      // Listened on to the last 3 s while writing: the next comment's region starts there, to the end.
      act(() => ws.setTime(117));
      await add('Вывод');
      await waitFor(() => expect(times()).toBe('01:57 – 02:00'));
      expect([main().start, main().end]).toEqual([117, 120]);
      expect(await queued()).toEqual([
        ['Здесь ошибка', 90, 95],
        ['Вывод', 90, 95],
      ]);
    },
    SLOW,
  );

  it(
    'says there are no comments yet',
    async () => {
      await renderReview();
      expect(screen.getByText('Комментариев пока нет')).toBeTruthy();
    },
    SLOW,
  );
});
