import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@/app/toast-host';
import { ExamsScreen } from '@/features/exams/components/exams-screen';
import { tasksListKey } from '@/features/tasks/api/list-tasks';
import { variantsListKey } from '@/features/variants/api/list-variants';
import type { ExamTemplate } from '@/shared/contract/teacher';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

const TEMPLATES: ExamTemplate[] = [
  {
    key: 'ege-english-oral',
    name: 'ЕГЭ, английский язык, устная часть',
    maxTotal: 22,
    tasks: [
      { name: 'ЕГЭ 1. Чтение текста вслух', preparationDuration: 90, duration: 90, criteria: [] },
      {
        name: 'ЕГЭ 3. Интервью',
        preparationDuration: 0,
        duration: 200,
        questions: Array.from({ length: 5 }, () => ({ answerSeconds: 40 })),
        criteria: [],
      },
    ],
  },
  {
    key: 'russian-final-interview',
    name: 'Итоговое собеседование по русскому языку',
    maxTotal: 20,
    tasks: [
      { name: 'Собеседование 1. Чтение текста вслух', preparationDuration: 120, duration: 120, criteria: [] },
    ],
  },
];

const VARIANT_ID = 77;

let server: TestHttpServer;
let restoreFetch: () => void;
// The variant exists on the server once the template made it.
let variants: { id: number; name: string }[] = [];

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
  variants = [];
  localStorage.clear();
  tokenStore.set({ access_token: 'access' });
  server.handle((req) => {
    const url = new URL(req.path, server.origin);
    const path = url.pathname;
    if (path === '/api/teacher/exams') return { status: 200, body: { page: 0, pages: 0, exams: [] } };
    if (path === '/api/teacher/templates') return { status: 200, body: { templates: TEMPLATES } };
    if (path.startsWith('/api/teacher/templates/') && req.method === 'POST') {
      const { name } = JSON.parse(req.body) as { name: string };
      variants = [{ id: VARIANT_ID, name }];
      return { status: 200, body: { variantId: VARIANT_ID, taskIds: [101, 102] } };
    }
    if (path === '/api/teacher/variants') {
      return { status: 200, body: { page: 0, pages: 1, variants } };
    }
    if (path === '/api/teacher/students') {
      const student = { id: 31, username: 'anna', name: 'Анна', surname: 'Иванова', patronymic: '' };
      return { status: 200, body: { page: 0, pages: 1, students: [student] } };
    }
    if (path === '/api/teacher/exam') {
      const body = JSON.parse(req.body) as { name: string; variants: number[]; students: number[] };
      return {
        status: 200,
        body: {
          id: 5,
          name: body.name,
          variantsID: body.variants,
          studentsID: body.students,
          audios: [],
          attempts: null,
          opensAt: null,
          closesAt: null,
        },
      };
    }
    return { status: 404, body: { message: 'Не найдено' } };
  });
});

function renderScreen(client: QueryClient) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <QueryClientProvider client={client}>
          <>
            <ToastHost />
            <ExamsScreen />
          </>
        </QueryClientProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

const posted = (prefix: string) =>
  server.seen
    .filter((r) => r.method === 'POST' && r.path.startsWith(prefix))
    .map((r) => ({ path: r.path, body: JSON.parse(r.body) as unknown }));

describe('Создать по образцу ФИПИ', () => {
  it('lists the formats, makes the variant of the chosen one, then opens the exam of it, named and preselected', async () => {
    const client = new QueryClient({
      defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
    });
    // Lists seen before: the new variant and its tasks make them stale.
    client.setQueryData([...variantsListKey, { page: 0, pageSize: 5, search: '' }], {
      page: 0,
      pages: 0,
      items: [],
    });
    client.setQueryData([...tasksListKey, { page: 0, pageSize: 5, search: '' }], {
      page: 0,
      pages: 0,
      items: [],
    });
    renderScreen(client);

    fireEvent.click(await screen.findByRole('button', { name: 'Создать по образцу ФИПИ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Создать по образцу ФИПИ' }));
    const ege = await dialog.findByRole('radio', { name: 'ЕГЭ, английский язык, устная часть' });
    // The first format is chosen, and its name is the variant's until one is typed.
    expect((ege as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('textbox', { name: 'Название' }) as HTMLInputElement).value).toBe(
      'ЕГЭ, английский язык, устная часть',
    );
    const [egeCard, interviewCard] = dialog.getAllByTestId('template');
    expect(egeCard.textContent).toContain('2 задания · Максимум 22 балла');
    expect(
      within(egeCard)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ЕГЭ 1. Чтение текста вслух — подготовка 01:30 · ответ 01:30',
      'ЕГЭ 3. Интервью — подготовка 00:00 · ответ 03:20 · вопросов: 5',
    ]);
    expect(interviewCard.textContent).toContain('1 задание · Максимум 20 баллов');

    fireEvent.click(dialog.getByRole('radio', { name: 'Итоговое собеседование по русскому языку' }));
    expect((dialog.getByRole('textbox', { name: 'Название' }) as HTMLInputElement).value).toBe(
      'Итоговое собеседование по русскому языку',
    );
    fireEvent.input(dialog.getByRole('textbox', { name: 'Название' }), {
      target: { value: '9 «А», пробный' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Создать' }));

    await screen.findByText('Вариант создан: заполните задания');
    expect(posted('/api/teacher/templates/')).toEqual([
      { path: '/api/teacher/templates/russian-final-interview/variant', body: { name: '9 «А», пробный' } },
    ]);
    expect(
      client.getQueryState([...variantsListKey, { page: 0, pageSize: 5, search: '' }])?.isInvalidated,
    ).toBe(true);
    expect(client.getQueryState([...tasksListKey, { page: 0, pageSize: 5, search: '' }])?.isInvalidated).toBe(
      true,
    );

    // The exam of it: named, the variant chosen, and where to fill its tasks.
    const exam = within(await screen.findByRole('dialog', { name: 'Новый экзамен' }));
    expect((exam.getByRole('textbox', { name: 'Название экзамена' }) as HTMLInputElement).value).toBe(
      '9 «А», пробный',
    );
    expect(exam.getByText('Выберите варианты (выбрано: 1)')).toBeTruthy();
    expect(exam.getByRole('link', { name: 'на странице варианта' }).getAttribute('href')).toBe(
      `/teacher/variants/${VARIANT_ID}`,
    );
    expect(exam.getByText(/Вариант «9 «А», пробный» создан: 2 задания/)).toBeTruthy();
    await waitFor(() =>
      expect((exam.getByRole('checkbox', { name: '9 «А», пробный' }) as HTMLInputElement).checked).toBe(true),
    );

    fireEvent.click(exam.getByRole('button', { name: 'Далее' }));
    fireEvent.click(await exam.findByRole('checkbox', { name: /Иванова Анна/ }));
    fireEvent.click(exam.getByRole('button', { name: 'Создать' }));
    await screen.findByText('Экзамен создан');
    expect(posted('/api/teacher/exam')).toEqual([
      {
        path: '/api/teacher/exam',
        body: {
          name: '9 «А», пробный',
          variants: [VARIANT_ID],
          students: [31],
          attempts: null,
          opensAt: null,
          closesAt: null,
        },
      },
    ]);
  }, 60_000);
});
