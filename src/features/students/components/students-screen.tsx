import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
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
import { SUCCESS_TEXT } from '../../../shared/messages';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useNotify } from '../../../lib/notify';
import { useStudentsPage } from '../api/list-students';
import { useRemoveStudent } from '../api/remove-student';
import { fullName } from '../full-name';
import { CreateStudentDialog } from './create-student-dialog';
import { GlobalSearchDialog } from './global-search-dialog';

const RouterLink = createLink(Link);

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type DialogState = 'create' | 'global' | null;

/** /teacher/students: the teacher's students; create one, find one globally, remove one. */
export function StudentsScreen() {
  const state = useListState();
  const query = useStudentsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<UserDto | null>(null);
  const remove = useRemoveStudent();
  const notify = useNotify();
  const navigate = useNavigate();

  const openRow = (e: MouseEvent, student: UserDto) => {
    // The link and the remove button inside the row handle their own clicks.
    if ((e.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/teacher/students/$id', params: { id: student.id } });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.studentRemoved),
      onError: notify.apiError,
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Page
      title="Ученики"
      actions={
        <>
          <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => setDialog('global')}>
            Глобальный поиск
          </Button>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('create')}>
            Создать ученика
          </Button>
        </>
      }
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(students) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Ученики">
              <TableHead>
                <TableRow>
                  <TableCell>Фамилия</TableCell>
                  <TableCell>Имя</TableCell>
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
                {students.map((student) => (
                  <TableRow
                    key={student.id}
                    hover
                    onClick={(e) => openRow(e, student)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="student-row"
                  >
                    <TableCell>{student.surname}</TableCell>
                    <TableCell>{student.name}</TableCell>
                    <TableCell>{student.patronymic}</TableCell>
                    <TableCell>
                      <RouterLink to="/teacher/students/$id" params={{ id: student.id }}>
                        {student.username}
                      </RouterLink>
                    </TableCell>
                    <TableCell align="right" sx={{ py: 0 }}>
                      <IconButton
                        aria-label={`Удалить из списка ${fullName(student)}`}
                        size="small"
                        onClick={() => setRemoving(student)}
                      >
                        <PersonRemoveIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </PagedList>
      {dialog === 'create' && <CreateStudentDialog onClose={() => setDialog(null)} />}
      {dialog === 'global' && <GlobalSearchDialog onClose={() => setDialog(null)} />}
      {removing && (
        <ConfirmDialog
          title="Удалить ученика из списка?"
          text={`${fullName(removing)} больше не будет в вашем списке, и ваши экзамены станут ему недоступны. Его записи сохранятся.`}
          loading={remove.isPending}
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        />
      )}
    </Page>
  );
}
