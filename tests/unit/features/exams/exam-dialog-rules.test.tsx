import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToastHost } from '@/app/toast-host';
import { ExamDialog, type ExamDialogExam } from '@/features/exams/components/exam-dialog';
import { isoToLocalInput } from '@/features/exams/model/exam-rules';
import type { ExamDto } from '@/shared/contract/teacher';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

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

const exam: ExamDto = {
  id: 4,
  name: 'Устная часть',
  variantsID: [21],
  studentsID: [31],
  audios: [],
  attempts: null,
  opensAt: null,
  closesAt: null,
};

beforeEach(() => {
  server.seen.length = 0;
  localStorage.clear();
  tokenStore.set({ access_token: 'access' });
  server.handle((req) => {
    const url = new URL(req.path, server.origin);
    if (url.pathname.startsWith('/api/teacher/variants')) {
      return { status: 200, body: { page: 0, pages: 1, variants: [{ id: 21, name: 'Вариант 1' }] } };
    }
    if (url.pathname.startsWith('/api/teacher/students')) {
      const student = { id: 31, username: 'anna', name: 'Анна', surname: 'Иванова', patronymic: '' };
      return { status: 200, body: { page: 0, pages: 1, students: [student] } };
    }
    if (url.pathname === '/api/teacher/exam') return { status: 200, body: exam };
    return { status: 404, body: { message: 'Не найдено' } };
  });
});

function renderDialog(props: { exam?: ExamDialogExam; start?: { name: string; variantsID: number[] } }) {
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <>
        <ToastHost />
        <ExamDialog {...props} onClose={() => undefined} />
      </>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const sentExams = () =>
  server.seen
    .filter((r) => r.path === '/api/teacher/exam')
    .map((r) => ({ method: r.method, body: JSON.parse(r.body) as Record<string, unknown> }));

const SLOW = 30_000;
const ORDER = 'Экзамен должен закрываться позже, чем открывается';

describe('ExamDialog: attempts and window', () => {
  it(
    'sends the attempts and the window as instants; the window’s order is said under «Закрывается»',
    async () => {
      renderDialog({ start: { name: 'ЕГЭ, устная часть', variantsID: [21] } });
      expect((screen.getByRole('textbox', { name: 'Название экзамена' }) as HTMLInputElement).value).toBe(
        'ЕГЭ, устная часть',
      );
      expect(screen.getByText('Выберите варианты (выбрано: 1)')).toBeTruthy();
      expect((screen.getByLabelText('Попыток') as HTMLInputElement).placeholder).toBe('без ограничений');

      type('Попыток', '1');
      type('Открывается', '2026-05-01T10:00');
      type('Закрывается', '2026-05-01T09:00');
      expect(screen.getByText(ORDER)).toBeTruthy();
      expect(screen.getByLabelText('Закрывается').getAttribute('aria-invalid')).toBe('true');
      type('Закрывается', '2026-05-01T12:00');
      expect(screen.queryByText(ORDER)).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
      fireEvent.click(await screen.findByRole('checkbox', { name: /Иванова Анна/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
      await waitFor(() => expect(sentExams()).toHaveLength(1));
      expect(sentExams()[0]).toEqual({
        method: 'POST',
        body: {
          name: 'ЕГЭ, устная часть',
          variants: [21],
          students: [31],
          attempts: 1,
          opensAt: new Date('2026-05-01T10:00').toISOString(),
          closesAt: new Date('2026-05-01T12:00').toISOString(),
        },
      });
    },
    SLOW,
  );

  it(
    'sends nothing while a rule is wrong, and says so',
    async () => {
      renderDialog({});
      fireEvent.input(screen.getByRole('textbox', { name: 'Название экзамена' }), {
        target: { value: 'Экзамен' },
      });
      type('Открывается', '2026-05-01T10:00');
      type('Закрывается', '2026-05-01T10:00');
      fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
      fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
      // Under the field, and as a toast where the button was pressed.
      await waitFor(() => expect(screen.getAllByText(ORDER)).toHaveLength(2));
      expect(sentExams()).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'edits an exam’s rules from what it has, and clears them as null',
    async () => {
      const opensAt = '2026-05-01T05:00:00.000Z';
      renderDialog({ exam: { ...exam, attempts: 2, opensAt, closesAt: null } });
      expect((screen.getByLabelText('Попыток') as HTMLInputElement).value).toBe('2');
      expect((screen.getByLabelText('Открывается') as HTMLInputElement).value).toBe(isoToLocalInput(opensAt));
      expect((screen.getByLabelText('Закрывается') as HTMLInputElement).value).toBe('');
      type('Попыток', '');
      type('Открывается', '');
      fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
      fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
      await waitFor(() => expect(sentExams()).toHaveLength(1));
      expect(sentExams()[0]).toEqual({
        method: 'PATCH',
        body: {
          id: 4,
          name: 'Устная часть',
          variantsID: [21],
          studentsID: [31],
          attempts: null,
          opensAt: null,
          closesAt: null,
        },
      });
    },
    SLOW,
  );
});
