import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { createLink, type LinkOptions, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

const RouterLink = createLink(Link);

const NAME_COLUMNS = { name: 'Имя', surname: 'Фамилия', patronymic: 'Отчество' } as const;

type NameColumn = keyof typeof NAME_COLUMNS;

interface Person extends Record<NameColumn, string> {
  id: number;
  username: string;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A page of accounts as a table: the name parts in the order of `columns`, the login as a link
 * to the account's page, and the row's `action` (a button) at the end. A click anywhere else in
 * the row opens the account's page too.
 */
export function UserTable<T extends Person>({
  label,
  users,
  columns,
  rowTestId,
  link,
  action,
}: {
  /** The table's accessible name. */
  label: string;
  users: T[];
  columns: readonly NameColumn[];
  rowTestId: string;
  link: (user: T) => LinkOptions;
  action: (user: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const openRow = (e: MouseEvent, user: T) => {
    // The link and the button inside the row handle their own clicks.
    if ((e.target as HTMLElement).closest('a, button')) return;
    void navigate(link(user));
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{NAME_COLUMNS[c]}</TableCell>
            ))}
            <TableCell>Логин</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Действия
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow
              key={user.id}
              hover
              onClick={(e) => openRow(e, user)}
              sx={{ cursor: 'pointer' }}
              data-testid={rowTestId}
            >
              {columns.map((c) => (
                <TableCell key={c}>{user[c]}</TableCell>
              ))}
              <TableCell>
                <RouterLink {...link(user)}>{user.username}</RouterLink>
              </TableCell>
              <TableCell align="right" sx={{ py: 0 }}>
                {action(user)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
