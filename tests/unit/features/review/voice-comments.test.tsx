import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  comments: [
    {
      id: 5,
      start: 10,
      end: 15,
      comment: 'Голосовой комментарий',
      voice: { access: '/api/voices/8/content?exp=1&sig=b', duration: 12, mime: 'audio/webm' },
    },
    { id: 6, start: 30, end: 35, comment: 'Без голоса', voice: null },
  ],
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

const SLOW = 20_000;

describe("voice comments in the teacher's list", () => {
  it(
    "marks a comment with a voice, plays it with 'Прослушать' (marking its region), and queues its removal",
    async () => {
      const played: string[] = [];
      vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
        played.push(this.src);
        return Promise.resolve();
      });
      await renderReview();
      const list = screen.getByRole('list', { name: 'Комментарии' });
      // One mark, on the comment that has a voice.
      expect(within(list).getAllByRole('img', { name: 'Голосовой комментарий' })).toHaveLength(1);
      const voiced = within(list).getByTestId('comment-voice');
      expect(voiced.textContent).toContain('00:12');
      fireEvent.click(within(voiced).getByRole('button', { name: 'Прослушать' }));
      expect(played).toEqual([expect.stringContaining('/api/voices/8/content')]);
      await waitFor(() =>
        expect(made.regions.at(-1)?.regions.some((r) => r.start === 10 && r.end === 15)).toBe(true),
      );
      // Every comment can be given a voice; the one with a voice can have it redone.
      expect(within(list).getAllByRole('button', { name: 'Записать голосом' })).toHaveLength(1);
      expect(within(list).getAllByRole('button', { name: 'Перезаписать голос' })).toHaveLength(1);

      fireEvent.click(within(voiced).getByRole('button', { name: 'Удалить голос' }));
      await waitFor(async () =>
        expect((await syncEngine.pendingOf('voice')).map((i) => i.payload)).toEqual([
          { op: 'remove', audioId: AUDIO, target: { id: 5 } },
        ]),
      );
      // Removed on the device at once: the mark goes before the server confirms.
      await waitFor(() =>
        expect(within(list).queryByRole('img', { name: 'Голосовой комментарий' })).toBeNull(),
      );
    },
    SLOW,
  );
});
