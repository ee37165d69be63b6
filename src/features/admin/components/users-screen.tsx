import AddIcon from '@mui/icons-material/Add';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { createLink, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, useState } from 'react';
import type { UserDto } from '../../../shared/contract/users';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useUsersPage } from '../api/list-users';
import { USER_KINDS, type UserKind } from '../user-kind';
import { AdminUserDialog } from './admin-user-dialog';

const RouterLink = createLink(Link);

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type DialogState = { mode: 'create' } | { mode: 'edit'; user: UserDto } | null;

/** /admin/students and /admin/teachers: search, create, edit, and open an account. */
export function UsersScreen({ kind }: { kind: UserKind }) {
  const k = USER_KINDS[kind];
  const state = useListState();
  const query = useUsersPage(kind, { page: state.page, pageSize: state.pageSize, search: state.search });
  const [dialog, setDialog] = useState<DialogState>(null);
  const navigate = useNavigate();

  const openRow = (e: MouseEvent, user: UserDto) => {
    // The link and the gear button inside the row handle their own clicks.
    if ((e.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: k.detailPath, params: { id: user.id } });
  };

  return (
    <Page
      title={k.title}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
          {k.createButton}
        </Button>
      }
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(users) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={k.title}>
              <TableHead>
                <TableRow>
                  <TableCell>Имя</TableCell>
                  <TableCell>Фамилия</TableCell>
                  <TableCell>Отчество</TableCell>
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
                    data-testid="user-row"
                  >
                    <TableCell>{user.name}</TableCell>
                    <TableCell>{user.surname}</TableCell>
                    <TableCell>{user.patronymic}</TableCell>
                    <TableCell>
                      <RouterLink to={k.detailPath} params={{ id: user.id }}>
                        {user.username}
                      </RouterLink>
                    </TableCell>
                    <TableCell align="right" sx={{ py: 0 }}>
                      <IconButton
                        aria-label="Редактировать"
                        title="Редактировать"
                        size="small"
                        onClick={() => setDialog({ mode: 'edit', user })}
                      >
                        <SettingsIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </PagedList>
      {dialog && (
        <AdminUserDialog
          kind={kind}
          user={dialog.mode === 'edit' ? dialog.user : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Page>
  );
}
