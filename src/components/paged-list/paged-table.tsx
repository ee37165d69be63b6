import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../layout/use-phone-layout';
import { PagedList, type PagedResult } from './paged-list';
import type { ListState } from './use-list-state';

export const EMPTY_TABLE_TEXT = 'Нет записей';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** On a phone, each row as a card of 'column: value' lines: a table would scroll sideways. */
function RowCards<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
}) {
  return (
    <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper component="li" variant="outlined" key={rowKey(row)} sx={{ px: 2, py: 1 }}>
          <Box
            component="dl"
            // A long column name wraps rather than squeezing the values to a few letters.
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'fit-content(50%) 1fr',
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {columns.map((c) => (
              <Box key={c.header} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.header}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {c.cell(row)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * The generic paged table (cards on a phone) (admin detail pages, exam statistics); its empty text is 'Нет записей'
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
  const phone = usePhoneLayout();
  return (
    <PagedList state={state} result={result} searchable={false} emptyText={emptyText}>
      {(rows) =>
        phone ? (
          <RowCards rows={rows} columns={columns} rowKey={rowKey} caption={caption} />
        ) : (
          // A table wider than the screen scrolls: the keyboard reaches it too.
          <TableContainer
            component={Paper}
            variant="outlined"
            tabIndex={0}
            role="region"
            aria-label={caption}
          >
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
        )
      }
    </PagedList>
  );
}
