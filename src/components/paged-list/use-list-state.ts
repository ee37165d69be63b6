import { useState } from 'react';
import { DEFAULT_LIST_PAGE_SIZE } from '@/shared/pager';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 500;

export interface ListState {
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The search sent to the server: the input, 500 ms after the last keystroke. */
  search: string;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
}

/** Search, page and page size of one list; a new search or page size goes back to page 0. */
export function useListState(defaultPageSize: number = DEFAULT_LIST_PAGE_SIZE): ListState {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS).trim();
  const [pageSize, setPageSizeState] = useState(defaultPageSize);
  // The page remembers the search and size it was chosen under; under others it is page 0.
  const [paging, setPaging] = useState({ search: '', pageSize: defaultPageSize, page: 0 });
  const page = paging.search === search && paging.pageSize === pageSize ? paging.page : 0;
  return {
    searchInput,
    setSearchInput,
    search,
    page,
    setPage: (next) => setPaging({ search, pageSize, page: next }),
    pageSize,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPaging({ search, pageSize: size, page: 0 });
    },
  };
}
