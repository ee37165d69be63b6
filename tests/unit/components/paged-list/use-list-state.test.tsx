import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListState } from '@/components/paged-list/use-list-state';

describe('useListState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on page 0 with the list default size of 5', () => {
    const { result } = renderHook(() => useListState());
    expect(result.current).toMatchObject({ page: 0, pageSize: 5, search: '', searchInput: '' });
  });

  it('sends the search 500 ms after the last keystroke and goes back to page 0', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);

    act(() => result.current.setSearchInput('ив'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setSearchInput('иван'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    // Still typing as far as the list knows: nothing sent, the page stays.
    expect(result.current).toMatchObject({ searchInput: 'иван', search: '', page: 3 });

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ search: 'иван', page: 0 });
  });

  it('lets the user page through the results of a search', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setSearchInput('петр'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    act(() => result.current.setPage(2));
    expect(result.current).toMatchObject({ search: 'петр', page: 2 });
  });

  it('goes back to page 0 when the page size changes', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(4));
    act(() => result.current.setPageSize(10));
    expect(result.current).toMatchObject({ page: 0, pageSize: 10 });
  });

  it('takes another default size (section pickers use 10)', () => {
    const { result } = renderHook(() => useListState(10));
    expect(result.current.pageSize).toBe(10);
  });
});
