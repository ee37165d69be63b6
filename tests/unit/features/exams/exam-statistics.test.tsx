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
  ...patch,
});

describe('exam statistics', () => {
  it('shows the attempts, the latest recording’s flags and its score', () => {
    const rows = [
      session(1, { attempts: 3, overAttempts: true, afterClose: true, total: 7, maxTotal: 10 }),
      session(2, { attempts: 0, completed: false, date: null }),
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
    expect(cells(first).slice(4)).toEqual(['3', 'После закрытияСверх попыток', '7 из 10']);
    expect(cells(second).slice(2)).toEqual(['Не завершен', '—', '0', '—', '—']);
  });
});
