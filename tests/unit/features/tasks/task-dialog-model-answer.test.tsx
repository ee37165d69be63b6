import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

// The teacher's files over two pages of the largest size: images are no model answer's audio.
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

// A text field gets what is typed as input events; a select reports its choice as a change.
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const choose = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });
const sentTasks = () =>
  server.seen
    .filter((r) => r.path === '/api/teacher/task')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

// MUI dialogs with Quill render slowly on a loaded machine.
const SLOW = 30_000;

describe('TaskDialog: model answer', () => {
  it(
    "offers 'Образец ответа' and 'Аудио образца' (the teacher's audio files or 'Без аудио'), and sends the chosen audio with no text",
    async () => {
      renderDialog();
      type(screen.getByRole('textbox', { name: 'Название' }), 'Собеседование');
      fireEvent.click(screen.getByRole('radio', { name: 'Аудиозадание' }));
      type(screen.getByRole('spinbutton', { name: 'Время на ответ, сек' }), '90');
      expect(screen.getByRole('textbox', { name: 'Образец ответа' })).toBeTruthy();
      const audio = screen.getByRole('combobox', { name: 'Аудио образца' }) as HTMLSelectElement;
      expect(audio.value).toBe('');
      await waitFor(() =>
        expect([...audio.options].map((o) => o.textContent)).toEqual([
          'Без аудио',
          'Вопрос про хобби.mp3',
          'Вопрос про имя.ogg',
        ]),
      );
      choose(audio, '3');
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
      await waitFor(() => expect(sentTasks()).toHaveLength(1));
      expect(sentTasks()[0]).toMatchObject({ modelAnswerFileId: 3, modelAnswerText: null });
    },
    SLOW,
  );

  it(
    "edits a task's model answer: its text and file shown (a file the list lacks kept), the audio cleared with 'Без аудио'",
    async () => {
      const elsewhere = file(50, 'Образец.mp3', 'audio/mpeg');
      renderDialog({
        ...savedTask,
        modelAnswer: { text: '<p>Меня зовут Анна</p>', file: elsewhere },
      });
      const editor = screen.getByRole('textbox', { name: 'Образец ответа' });
      expect(editor.textContent).toBe('Меня зовут Анна');
      const audio = screen.getByRole('combobox', { name: 'Аудио образца' }) as HTMLSelectElement;
      expect(audio.value).toBe('50');
      expect(audio.selectedOptions[0].textContent).toBe('Образец.mp3');
      choose(audio, '');
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(sentTasks()).toHaveLength(1));
      expect(sentTasks()[0]).toMatchObject({
        id: 9,
        modelAnswerFileId: null,
        modelAnswerText: '<p>Меня зовут Анна</p>',
      });
    },
    SLOW,
  );
});
