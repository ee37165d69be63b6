import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedTable } from '@/components/paged-list/paged-table';
import type { ListState } from '@/components/paged-list/use-list-state';

const state: ListState = {
  searchInput: '',
  setSearchInput: () => undefined,
  search: '',
  page: 0,
  setPage: () => undefined,
  pageSize: 10,
  setPageSize: () => undefined,
};

const empty = { items: [] as { id: number }[], pages: 0, isPending: false, isError: false };
const columns = [{ header: 'Номер', cell: (r: { id: number }) => r.id }];

describe('PagedTable', () => {
  it("says 'Нет записей' when empty", () => {
    render(<PagedTable state={state} result={empty} columns={columns} rowKey={(r) => r.id} caption="Т" />);
    expect(screen.getByText('Нет записей')).toBeTruthy();
  });

  it('says the screen’s own empty text when given one', () => {
    render(
      <PagedTable
        state={state}
        result={empty}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Т"
        emptyText="Записи отсутствуют"
      />,
    );
    expect(screen.getByText('Записи отсутствуют')).toBeTruthy();
    expect(screen.queryByText('Нет записей')).toBeNull();
  });

  it('shows the rows', () => {
    const result = { ...empty, items: [{ id: 41 }, { id: 42 }], pages: 1 };
    render(<PagedTable state={state} result={result} columns={columns} rowKey={(r) => r.id} caption="Т" />);
    expect(screen.getByRole('table', { name: 'Т' })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });
});
