import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime, fullName } from '@/shared/format';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { Page } from '@/components/layout/page';
import { RadioChoice } from '@/components/radio-choice/radio-choice';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { PagedTable, type Column } from '@/components/paged-list/paged-table';
import { useListState } from '@/components/paged-list/use-list-state';
import { useUser } from '../api/get-user';
import { useLogins } from '../api/list-logins';
import { useRecoveries } from '../api/list-recoveries';
import { USER_KINDS, type UserKind } from '../user-kind';

type Journal = 'logins' | 'recoveries';

const JOURNALS = [
  { value: 'logins', label: 'Авторизации' },
  { value: 'recoveries', label: 'Восстановления пароля' },
] as const;

const yesNo = (v: boolean) => (v ? 'Да' : 'Нет');

const LOGIN_COLUMNS: Column<{ id: number; date: string }>[] = [
  { header: 'ID', cell: (r) => r.id },
  { header: 'Дата', cell: (r) => formatDateTime(r.date) },
];

const RECOVERY_COLUMNS: Column<{
  delivered: boolean;
  completed: boolean;
  create_date: string;
  expire_date: string;
}>[] = [
  { header: 'Доставлено', cell: (r) => yesNo(r.delivered) },
  { header: 'Использовано', cell: (r) => yesNo(r.completed) },
  { header: 'Создано', cell: (r) => formatDateTime(r.create_date) },
  { header: 'Истекает', cell: (r) => formatDateTime(r.expire_date) },
];

function LoginsTable({ userId }: { userId: number }) {
  const state = useListState();
  const query = useLogins(userId, { page: state.page, pageSize: state.pageSize });
  return (
    <PagedTable
      state={state}
      result={toPagedResult(query)}
      columns={LOGIN_COLUMNS}
      rowKey={(r) => r.id}
      caption="Авторизации"
    />
  );
}

function RecoveriesTable({ userId }: { userId: number }) {
  const state = useListState();
  const query = useRecoveries(userId, { page: state.page, pageSize: state.pageSize });
  return (
    <PagedTable
      state={state}
      result={toPagedResult(query)}
      columns={RECOVERY_COLUMNS}
      rowKey={(r) => r.id}
      caption="Восстановления пароля"
    />
  );
}

/** /admin/students/{id} and /admin/teachers/{id}: the account and its logins or recoveries. */
export function UserDetail({ kind, id }: { kind: UserKind; id: number }) {
  const { data: user } = useUser(kind, id);
  const [journal, setJournal] = useState<Journal>('logins');
  return (
    <Page title={fullName(user)} actions={<BackToListButton to={USER_KINDS[kind].listPath} />}>
      <Stack spacing={2}>
        <Typography color="text.secondary" data-testid="user-contact">
          @{user.username} · {user.email}
        </Typography>
        <RadioChoice label="Журнал" value={journal} options={JOURNALS} onChange={setJournal} />
        {journal === 'logins' ? <LoginsTable userId={id} /> : <RecoveriesTable userId={id} />}
      </Stack>
    </Page>
  );
}
