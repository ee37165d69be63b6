import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedTable } from '@/components/paged-list/paged-table';
import type { ListState } from '@/components/paged-list/use-list-state';
import { STATISTICS_COLUMNS } from '@/features/exams/components/exam-statistics-dialog';
import type { StatisticsSession } from '@/shared/contract/review';

const state: ListState = {
  searchInput: '',
  setSearchInput: () => undefined,
  search: '',
  page: 0,
  setPage: () => undefined,
  pageSize: 10,
  setPageSize: () => undefined,
};

const session = (id: number, patch: Partial<StatisticsSession>): StatisticsSession => ({
  student: { id, surname: `Фамилия${id}`, name: `Имя${id}` },
  completed: true,
  date: '2026-03-05T09:07:00.000Z',
  total: null,
  maxTotal: null,
  attempts: 1,
  afterClose: false,
  overAttempts: false,
  state: 'received',
  stateMessage: null,
  ...patch,
});

describe('exam statistics', () => {
  it('shows the attempts, the latest recording’s flags and its score', () => {
    const rows = [
      session(1, { attempts: 3, overAttempts: true, afterClose: true, total: 7, maxTotal: 10 }),
      session(2, { attempts: 0, completed: false, date: null, state: 'not-started' }),
    ];
    render(
      <PagedTable
        state={state}
        result={{ items: rows, pages: 1, isPending: false, isError: false }}
        columns={STATISTICS_COLUMNS}
        rowKey={(s) => s.student.id}
        caption="Статистика экзамена"
      />,
    );
    const table = screen.getByRole('table', { name: 'Статистика экзамена' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Фамилия',
      'Имя',
      'Статус',
      'Состояние',
      'Дата',
      'Попыток',
      'Отметки',
      'Баллы (последняя попытка)',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(first).slice(3, 4)).toEqual(['Ответ получен']);
    expect(cells(first).slice(5)).toEqual(['3', 'После закрытияСверх попыток', '7 из 10']);
    expect(cells(second).slice(2)).toEqual(['Не завершен', 'Не начинал', '—', '0', '—', '—']);
  });

  it('says where each answer stands on the exam day, a refusal with its reason', () => {
    const rows = [
      session(1, { state: 'not-started', completed: false, date: null, attempts: 0 }),
      session(2, { state: 'in-progress', completed: false, date: null, attempts: 0 }),
      session(3, { state: 'on-device', completed: false, date: null, attempts: 0 }),
      session(4, { state: 'received' }),
      session(5, { state: 'refused', stateMessage: 'Запись слишком большая', completed: false, date: null }),
      session(6, { state: 'refused', stateMessage: null, completed: false, date: null }),
    ];
    render(
      <PagedTable
        state={state}
        result={{ items: rows, pages: 1, isPending: false, isError: false }}
        columns={STATISTICS_COLUMNS}
        rowKey={(s) => s.student.id}
        caption="Статистика экзамена"
      />,
    );
    const table = screen.getByRole('table', { name: 'Статистика экзамена' });
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Состояние');
    const words = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[column]?.textContent);
    expect(words).toEqual([
      'Не начинал',
      'Отвечает',
      'Ответ на устройстве',
      'Ответ получен',
      'Не принят: Запись слишком большая',
      'Не принят',
    ]);
  });
});
