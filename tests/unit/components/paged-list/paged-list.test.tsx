import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedResult } from '@/components/paged-list/paged-list';
import { PagedTable } from '@/components/paged-list/paged-table';
import { Pager } from '@/components/paged-list/pager';
import { useListState, type ListState } from '@/components/paged-list/use-list-state';

interface Request {
  page: number;
  pageSize: number;
  search: string;
}

const result = <T,>(items: T[] | undefined, pages = 1): PagedResult<T> => ({
  items,
  pages,
  isPending: items === undefined,
  isError: false,
});

/** A list screen whose "server" records each request the list state would send. */
function RecordingList({ onRequest, pages }: { onRequest: (r: Request) => void; pages: number }) {
  const state = useListState();
  const { page, pageSize, search } = state;
  useEffect(() => onRequest({ page, pageSize, search }), [onRequest, page, pageSize, search]);
  return (
    <PagedList state={state} result={result(['строка'], pages)}>
      {(items) => (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

const fixedState = (over: Partial<ListState> = {}): ListState => ({
  searchInput: '',
  setSearchInput: () => {},
  search: '',
  page: 0,
  setPage: () => {},
  pageSize: 5,
  setPageSize: () => {},
  ...over,
});

describe('PagedList', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Ничего не найдено' for an empty list", () => {
    render(
      <PagedList state={fixedState()} result={result<string>([])}>
        {() => <p>rows</p>}
      </PagedList>,
    );
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
  });

  it("the generic table shows 'Нет записей' instead", () => {
    render(
      <PagedTable
        state={fixedState()}
        result={result<{ id: number }>([])}
        columns={[{ header: 'ID', cell: (r) => r.id }]}
        rowKey={(r) => r.id}
        caption="Журнал"
      />,
    );
    expect(screen.getByText('Нет записей')).toBeTruthy();
    expect(screen.queryByText('Ничего не найдено')).toBeNull();
  });

  it('shows a spinner while the first page loads and an error when it failed', () => {
    const { rerender } = render(
      <PagedList state={fixedState()} result={result<string>(undefined)}>
        {() => null}
      </PagedList>,
    );
    expect(screen.getByLabelText('Загрузка')).toBeTruthy();
    rerender(
      <PagedList state={fixedState()} result={{ ...result<string>(undefined), isError: true }}>
        {() => null}
      </PagedList>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить список');
  });

  it('a search typed in the box is sent once, 500 ms later, for page 0', () => {
    const onRequest = vi.fn<(r: Request) => void>();
    render(<RecordingList onRequest={onRequest} pages={20} />);
    fireEvent.click(screen.getByRole('button', { name: 'Страница 4' }));
    expect(onRequest).toHaveBeenLastCalledWith({ page: 3, pageSize: 5, search: '' });
    onRequest.mockClear();

    const box = screen.getByRole('searchbox', { name: 'Поиск' });
    fireEvent.input(box, { target: { value: 'и' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.input(box, { target: { value: 'иван' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onRequest).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onRequest).toHaveBeenCalledTimes(1);
    expect(onRequest).toHaveBeenCalledWith({ page: 0, pageSize: 5, search: 'иван' });
  });

  it('a new page size is sent for page 0', () => {
    const onRequest = vi.fn<(r: Request) => void>();
    render(<RecordingList onRequest={onRequest} pages={20} />);
    fireEvent.click(screen.getByRole('button', { name: 'Страница 3' }));
    expect(onRequest).toHaveBeenLastCalledWith({ page: 2, pageSize: 5, search: '' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'На странице' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '15', '20']);
    fireEvent.click(options.getByRole('option', { name: '10' }));
    expect(onRequest).toHaveBeenLastCalledWith({ page: 0, pageSize: 10, search: '' });
  });
});

describe('PagedList: what it offers', () => {
  const list = (r: PagedResult<string>, over: Partial<ListState> = {}) =>
    render(
      <PagedList state={fixedState(over)} result={r}>
        {(items) => <p>{items.join(', ')}</p>}
      </PagedList>,
    );

  it('hides the page size while everything fits on one page of the smallest size', () => {
    list(result(['а', 'б', 'в']));
    expect(screen.queryByRole('combobox', { name: 'На странице' })).toBeNull();
  });

  it('offers the page size when there is more than one page, or a larger size shows more than the smallest would', () => {
    const { unmount } = list(result(['а'], 3));
    screen.getByRole('combobox', { name: 'На странице' });
    unmount();
    list(result(['а', 'б', 'в', 'г', 'д', 'е']), { pageSize: 10 });
    screen.getByRole('combobox', { name: 'На странице' });
  });

  it('says the list is not on the device when offline with nothing saved, instead of spinning', () => {
    list({ items: undefined, pages: undefined, isPending: true, isError: false, isOffline: true });
    screen.getByText(
      'Нет сети, а этот список на устройстве еще не сохранен. Он появится, когда сеть вернется',
    );
    expect(screen.queryByLabelText('Загрузка')).toBeNull();
  });
});

describe('Pager', () => {
  const shownPages = () =>
    screen
      .queryAllByRole('button')
      .map((b) => Number(b.getAttribute('aria-label')?.replace('Страница ', '')));

  it('is hidden for a single page', () => {
    render(<Pager page={0} pages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows all pages under 13', () => {
    render(<Pager page={0} pages={12} onChange={() => {}} />);
    expect(shownPages()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('shows the first, the last and 11 around the current one from 13 on, marking the current', () => {
    const onChange = vi.fn();
    render(<Pager page={30} pages={60} onChange={onChange} />);
    expect(shownPages()).toEqual([1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 60]);
    expect(screen.getByRole('button', { name: 'Страница 31' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Страница 60' }));
    expect(onChange).toHaveBeenCalledWith(59);
  });
});
