import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ERROR_TEXT } from '@/shared/messages';
import { PAGE_SIZE_OPTIONS } from '@/shared/pager';
import { PageSizeSelect } from './page-size-select';
import { Pager } from './pager';
import { SearchBox } from './search-box';
import type { ListState } from './use-list-state';

export const EMPTY_LIST_TEXT = 'Ничего не найдено';

export interface PagedResult<T> {
  items: T[] | undefined;
  pages: number | undefined;
  isPending: boolean;
  isError: boolean;
  /** Offline, and this page of the list was never saved on the device. */
  isOffline?: boolean;
}

/**
 * The page size is worth choosing only when the list does not fit on one page of the smallest
 * size (a larger size already chosen stays changeable while it shows more than that).
 */
function pageSizeMatters(items: unknown[] | undefined, pages: number | undefined): boolean {
  if (items === undefined || pages === undefined) return false;
  return pages > 1 || items.length > PAGE_SIZE_OPTIONS[0];
}

/**
 * The list frame every screen shares: optional search, page size, the items (or the empty
 * text), and the pager.
 */
export function PagedList<T>({
  state,
  result,
  searchable = true,
  emptyText = EMPTY_LIST_TEXT,
  toolbar,
  children,
}: {
  state: ListState;
  result: PagedResult<T>;
  searchable?: boolean;
  emptyText?: string;
  toolbar?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { items, pages } = result;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {searchable && <SearchBox value={state.searchInput} onChange={state.setSearchInput} />}
        {pageSizeMatters(items, pages) && (
          <PageSizeSelect value={state.pageSize} onChange={state.setPageSize} />
        )}
        {toolbar}
      </Box>
      {items === undefined ? (
        result.isError ? (
          <Alert severity="error">Не удалось загрузить список</Alert>
        ) : result.isOffline ? (
          <Alert severity="warning">{ERROR_TEXT.offlineListNotSaved}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Загрузка" />
          </Box>
        )
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {emptyText}
        </Typography>
      ) : (
        children(items)
      )}
      <Pager page={state.page} pages={pages ?? 0} onChange={state.setPage} />
    </Box>
  );
}
