import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { PagedList, type PagedResult } from './paged-list';
import type { ListState } from './use-list-state';

export const EMPTY_TABLE_TEXT = 'Нет записей';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * The generic paged table (admin detail pages, exam statistics); its empty text is 'Нет записей'
 * unless the screen says otherwise.
 */
export function PagedTable<T>({
  state,
  result,
  columns,
  rowKey,
  caption,
  emptyText = EMPTY_TABLE_TEXT,
}: {
  state: ListState;
  result: PagedResult<T>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
  emptyText?: string;
}) {
  return (
    <PagedList state={state} result={result} searchable={false} emptyText={emptyText}>
      {(rows) => (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={caption}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.header}>{c.header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell key={c.header}>{c.cell(row)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PagedList>
  );
}
