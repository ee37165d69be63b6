import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { UserDto } from '@/shared/contract/users';
import { CreateButton } from '@/components/layout/create-button';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { UserTable } from '@/components/paged-list/user-table';
import { useUsersPage } from '../api/list-users';
import { USER_KINDS, type UserKind } from '../user-kind';
import { AdminUserDialog } from './admin-user-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; user: UserDto } | null;

/** /admin/students and /admin/teachers: search, create, edit, and open an account. */
export function UsersScreen({ kind }: { kind: UserKind }) {
  const k = USER_KINDS[kind];
  const state = useListState();
  const query = useUsersPage(kind, { page: state.page, pageSize: state.pageSize, search: state.search });
  const [dialog, setDialog] = useState<DialogState>(null);

  return (
    <Page
      title={k.title}
      actions={<CreateButton onClick={() => setDialog({ mode: 'create' })}>{k.createButton}</CreateButton>}
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(users) => (
          <UserTable
            label={k.title}
            users={users}
            columns={['name', 'surname', 'patronymic']}
            rowTestId="user-row"
            link={(user) => ({ to: k.detailPath, params: { id: user.id } })}
            action={(user) => (
              <IconButton
                aria-label="Редактировать"
                title="Редактировать"
                size="small"
                onClick={() => setDialog({ mode: 'edit', user })}
              >
                <SettingsIcon fontSize="small" />
              </IconButton>
            )}
          />
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
