import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { createLink, type LinkOptions, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { usePhoneLayout } from '../layout/use-phone-layout';
import { OutlinedList } from './outlined-list';

const RouterLink = createLink(Link);
const ListItemLink = createLink(ListItemButton);

const NAME_COLUMNS = { name: 'Имя', surname: 'Фамилия', patronymic: 'Отчество' } as const;

type NameColumn = keyof typeof NAME_COLUMNS;

interface Person extends Record<NameColumn, string> {
  id: number;
  username: string;
}

// In pixels: a bare 1 in `sx` would mean 100% and stretch the page sideways.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

interface UserTableProps<T extends Person> {
  /** The table's accessible name. */
  label: string;
  users: T[];
  columns: readonly NameColumn[];
  rowTestId: string;
  link: (user: T) => LinkOptions;
  action: (user: T) => ReactNode;
}

/** On a phone: one card-like row per account, the whole name over the login, the action beside. */
function UserCards<T extends Person>({ label, users, columns, rowTestId, link, action }: UserTableProps<T>) {
  return (
    <OutlinedList label={label}>
      {users.map((user) => (
        <ListItem key={user.id} divider disablePadding data-testid={rowTestId} secondaryAction={action(user)}>
          <ListItemLink {...link(user)}>
            <ListItemText
              primary={columns.map((c) => user[c]).join(' ')}
              secondary={user.username}
              slotProps={{
                primary: { sx: { overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItemLink>
        </ListItem>
      ))}
    </OutlinedList>
  );
}

/**
 * A page of accounts as a table (a list of cards on a phone): the name parts in the order of `columns`, the login as a link
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
}: UserTableProps<T>) {
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const openRow = (e: MouseEvent, user: T) => {
    // The link and the button inside the row handle their own clicks.
    if ((e.target as HTMLElement).closest('a, button')) return;
    void navigate(link(user));
  };
  if (phone) {
    return (
      <UserCards
        label={label}
        users={users}
        columns={columns}
        rowTestId={rowTestId}
        link={link}
        action={action}
      />
    );
  }
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
