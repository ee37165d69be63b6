import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ownRecordingQuery } from '@/features/student-recordings/api/get-own-recording';
import { ownRecordingScoresQuery } from '@/features/student-recordings/api/get-own-recording-scores';
import { OwnRecordingPage } from '@/features/student-recordings/components/own-recording-page';
import { recordingDetailSchema } from '@/shared/contract/student';
import { queryClient } from '@/lib/query-client';
import { made } from '../../helpers/fake-wavesurfer';

vi.mock('wavesurfer.js', async () => (await import('../../helpers/fake-wavesurfer')).wavesurferModule);
vi.mock(
  'wavesurfer.js/dist/plugins/regions.js',
  async () => (await import('../../helpers/fake-wavesurfer')).regionsModule,
);

const AUDIO = 5;

const task = (id: number, name: string, modelAnswer: unknown) => ({
  id,
  name,
  text: '<p>Расскажите о себе</p>',
  duration: 60,
  preparationDuration: 30,
  type: 'TEXT_TASK',
  files: [],
  criteria: [],
  questions: [],
  modelAnswer,
});

const recording = (checked: boolean) =>
  recordingDetailSchema.parse({
    id: AUDIO,
    name: 'Пробный устный экзамен',
    date: '2026-03-05T09:07:00.000Z',
    checked,
    access: '/api/recordings/5/content?sig=a',
    mime: 'audio/webm',
    duration: 120,
    taskStarts: [0, 60],
    questionStarts: [],
    peaks: [0.1, 0.4, 0.2],
    comments: [
      {
        id: 1,
        start: 10,
        end: 15,
        comment: 'Голосовой комментарий',
        voice: { access: '/api/voices/8/content?exp=1&sig=b', duration: 12, mime: 'audio/webm' },
      },
      { id: 2, start: 70, end: 75, comment: 'Хорошо', voice: null },
    ],
    variant: {
      id: 3,
      name: 'Вариант 1',
      tasks: [
        {
          id: 11,
          sequence_number: 0,
          task: task(21, 'О себе', {
            text: '<p>Меня зовут Анна, я учусь в школе.</p>',
            file: { id: 31, name: 'образец.mp3', type: 'audio/mpeg', access: '/api/files/31/content?sig=c' },
          }),
        },
        { id: 12, sequence_number: 1, task: task(22, 'Описание фото', null) },
      ],
    },
  });

function renderPage(checked: boolean) {
  queryClient.setQueryData(ownRecordingQuery(AUDIO).queryKey, recording(checked));
  queryClient.setQueryData(ownRecordingScoresQuery(AUDIO).queryKey, {
    tasks: [],
    total: 0,
    maxTotal: 0,
    gradedAt: null,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <OwnRecordingPage recordingId={AUDIO} />
    </QueryClientProvider>,
  );
}

let played: string[];

beforeEach(() => {
  queryClient.clear();
  made.players.length = 0;
  made.regions.length = 0;
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
});

const SLOW = 20_000;

describe("the student's recording page", () => {
  it(
    "plays a comment's voice with 'Прослушать' and marks its region on the waveform",
    async () => {
      renderPage(true);
      const list = await screen.findByRole('list', { name: 'Комментарии учителя' });
      // Only the comment with a voice has the button.
      const listen = within(list).getAllByRole('button', { name: 'Прослушать' });
      expect(listen).toHaveLength(1);
      fireEvent.click(listen[0]!);
      expect(played).toEqual([expect.stringContaining('/api/voices/8/content')]);
      await waitFor(() =>
        expect(made.regions.at(-1)?.regions.some((r) => r.start === 10 && r.end === 15)).toBe(true),
      );
      expect(within(list).getByRole('button', { name: 'Остановить' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows each task's model answer, text and audio, once the recording is checked",
    async () => {
      renderPage(true);
      const section = await screen.findByRole('region', { name: 'Образец ответа: задание 1' });
      expect(within(section).getByText('Задание 1. О себе')).toBeTruthy();
      expect(within(section).getByText('Образец ответа')).toBeTruthy();
      expect(within(section).getByText('Меня зовут Анна, я учусь в школе.')).toBeTruthy();
      const audio = within(section).getByLabelText('Образец ответа: образец.mp3');
      expect(audio.getAttribute('src')).toBe('/api/files/31/content?sig=c');
      // A task without one shows nothing.
      expect(screen.queryByRole('region', { name: 'Образец ответа: задание 2' })).toBeNull();
    },
    SLOW,
  );

  it(
    'shows no model answer before the recording is checked, whatever the cache holds',
    async () => {
      renderPage(false);
      await screen.findByRole('list', { name: 'Комментарии учителя' });
      expect(screen.queryByText('Образец ответа')).toBeNull();
      expect(screen.queryByTestId('model-answers')).toBeNull();
    },
    SLOW,
  );
});
