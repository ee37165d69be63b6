import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@/app/toast-host';
import { TaskDialog } from '@/features/tasks/components/task-dialog';
import type { FileDto, TaskDto } from '@/shared/contract/teacher';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

const file = (id: number, name: string, type: string): FileDto => ({
  id,
  name,
  type,
  access: `/media/${id}`,
});

// The teacher's files over two pages of the largest size: images are no question's audio.
const FILE_PAGES: FileDto[][] = [
  [file(1, 'Вопрос про хобби.mp3', 'audio/mpeg'), file(2, 'Фото.png', 'image/png')],
  [file(3, 'Вопрос про имя.ogg', 'audio/ogg')],
];

let server: TestHttpServer;
let restoreFetch: () => void;

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
});
afterAll(async () => {
  restoreFetch();
  await server.close();
});
beforeEach(() => {
  server.seen.length = 0;
  localStorage.clear();
  tokenStore.set({ access_token: 'access' });
  server.handle((req) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname === '/api/teacher/files') {
      const page = Number(url.searchParams.get('page_number'));
      return { status: 200, body: { page, pages: FILE_PAGES.length, files: FILE_PAGES[page] ?? [] } };
    }
    if (url.pathname === '/api/teacher/task') {
      const body = JSON.parse(req.body) as TaskDto;
      return { status: 200, body: { ...savedTask, ...body, id: 9, questions: [] } };
    }
    return { status: 404, body: { message: 'Не найдено' } };
  });
});

const savedTask: TaskDto = {
  id: 9,
  name: 'Собеседование',
  text: '',
  duration: 100,
  preparationDuration: 0,
  type: 'AUDIO_TASK',
  files: [],
  criteria: [],
  questions: [],
  modelAnswer: null,
};

function renderDialog(task?: TaskDto) {
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <>
        <ToastHost />
        <TaskDialog task={task} onClose={() => undefined} />
      </>
    </QueryClientProvider>,
  );
}

const question = (n: number) => within(screen.getByRole('group', { name: `Вопрос ${n}` }));
// A text field gets what is typed as input events; a select reports its choice as a change.
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const choose = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });
const durationField = () =>
  screen.getByRole('spinbutton', { name: 'Время на ответ, сек' }) as HTMLInputElement;
const sentTasks = () =>
  server.seen
    .filter((r) => r.path === '/api/teacher/task')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

// MUI dialogs with Quill render slowly on a loaded machine.
const SLOW = 30_000;

describe('TaskDialog: questions', () => {
  it(
    'adds, fills, reorders and removes questions; the answer time is their sum; they are sent in order',
    async () => {
      renderDialog();
      type(screen.getByRole('textbox', { name: 'Название' }), 'Собеседование');
      fireEvent.click(screen.getByRole('radio', { name: 'Аудиозадание' }));
      type(durationField(), '90');
      const add = screen.getByRole('button', { name: 'Добавить вопрос' });
      fireEvent.click(add);
      fireEvent.click(add);
      fireEvent.click(add);

      // With questions the answer time is theirs (3 × 40 s), not typed.
      expect(durationField().value).toBe('120');
      expect(durationField().readOnly).toBe(true);
      expect(screen.getByText('Складывается из времени ответов на вопросы')).toBeTruthy();

      type(question(1).getByRole('textbox', { name: 'Текст вопроса 1' }), 'Как вас зовут?');
      // Only audio files are offered, from every page of the list, after 'Без аудио'.
      const audio1 = question(1).getByRole('combobox', { name: 'Аудио вопроса 1' }) as HTMLSelectElement;
      await waitFor(() =>
        expect([...audio1.options].map((o) => o.textContent)).toEqual([
          'Без аудио',
          'Вопрос про хобби.mp3',
          'Вопрос про имя.ogg',
        ]),
      );
      choose(audio1, '3');
      type(question(2).getByRole('spinbutton', { name: 'Время на ответ на вопрос 2, сек' }), '60');
      expect(durationField().value).toBe('140');
      expect(screen.getByTestId('duration-mmss').textContent).toBe('02:20');

      fireEvent.click(question(3).getByRole('button', { name: 'Удалить вопрос 3' }));
      expect(screen.queryByRole('group', { name: 'Вопрос 3' })).toBeNull();
      expect(durationField().value).toBe('100');
      fireEvent.click(question(2).getByRole('button', { name: 'Поднять вопрос 2' }));
      expect(question(1).getByRole('button', { name: 'Поднять вопрос 1' })).toHaveProperty('disabled', true);
      expect(
        (question(2).getByRole('textbox', { name: 'Текст вопроса 2' }) as HTMLTextAreaElement).value,
      ).toBe('Как вас зовут?');

      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
      await waitFor(() => expect(sentTasks()).toHaveLength(1));
      expect(sentTasks()[0]).toMatchObject({
        name: 'Собеседование',
        type: 'AUDIO_TASK',
        duration: 100,
        questions: [
          { text: '', fileId: null, answerSeconds: 60 },
          { text: 'Как вас зовут?', fileId: 3, answerSeconds: 40 },
        ],
      });
    },
    SLOW,
  );

  it(
    'shows the contract’s errors under the question’s field and as toasts naming it, and sends nothing',
    async () => {
      renderDialog();
      type(screen.getByRole('textbox', { name: 'Название' }), 'Собеседование');
      fireEvent.click(screen.getByRole('radio', { name: 'Аудиозадание' }));
      fireEvent.click(screen.getByRole('button', { name: 'Добавить вопрос' }));
      fireEvent.click(screen.getByRole('button', { name: 'Добавить вопрос' }));
      const answer2 = question(2).getByRole('spinbutton', { name: 'Время на ответ на вопрос 2, сек' });
      type(answer2, '3');
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));

      await screen.findByText('Вопрос 2: Время на ответ на вопрос: не меньше 5 с');
      expect(question(2).getByText('Время на ответ на вопрос: не меньше 5 с')).toBeTruthy();
      expect(answer2.getAttribute('aria-invalid')).toBe('true');
      expect(sentTasks()).toHaveLength(0);

      // Corrected, the error goes at once and the task is sent.
      type(answer2, '30');
      expect(question(2).queryByText('Время на ответ на вопрос: не меньше 5 с')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
      await waitFor(() => expect(sentTasks()).toHaveLength(1));
      expect(sentTasks()[0]).toMatchObject({ duration: 70 });
    },
    SLOW,
  );

  it(
    'edits a task’s questions, keeping a chosen file the list does not hold; without questions the time is typed again',
    async () => {
      const elsewhere = file(50, 'Старый вопрос.mp3', 'audio/mpeg');
      renderDialog({
        ...savedTask,
        duration: 90,
        questions: [
          { text: 'Что вы любите читать?', fileId: 50, file: elsewhere, answerSeconds: 45 },
          { text: null, fileId: null, file: null, answerSeconds: 45 },
        ],
      });
      const audio1 = question(1).getByRole('combobox', { name: 'Аудио вопроса 1' }) as HTMLSelectElement;
      expect(audio1.value).toBe('50');
      expect(audio1.selectedOptions[0].textContent).toBe('Старый вопрос.mp3');
      expect(durationField().value).toBe('90');

      fireEvent.click(question(2).getByRole('button', { name: 'Удалить вопрос 2' }));
      fireEvent.click(question(1).getByRole('button', { name: 'Удалить вопрос 1' }));
      expect(durationField().readOnly).toBe(false);
      expect(durationField().value).toBe('45');
      expect(screen.queryByText('Складывается из времени ответов на вопросы')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(sentTasks()).toHaveLength(1));
      expect(sentTasks()[0]).toMatchObject({ id: 9, duration: 45, questions: [] });
    },
    SLOW,
  );
});
