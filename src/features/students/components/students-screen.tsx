import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { PersonDto } from '@/shared/contract/users';
import { fullName } from '@/shared/format';
import { SUCCESS_TEXT } from '@/shared/messages';
import { ConfirmDeleteDialog } from '@/components/confirm-dialog/confirm-dialog';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { UserTable } from '@/components/paged-list/user-table';
import { useStudentsPage } from '../api/list-students';
import { useRemoveStudent } from '../api/remove-student';
import { CreateStudentDialog } from './create-student-dialog';
import { GlobalSearchDialog } from './global-search-dialog';

type DialogState = 'create' | 'global' | null;

/** /teacher/students: the teacher's students; create one, find one globally, remove one. */
export function StudentsScreen() {
  const state = useListState();
  const query = useStudentsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<PersonDto | null>(null);
  const remove = useRemoveStudent();

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
          <UserTable
            label="Ученики"
            users={students}
            columns={['surname', 'name', 'patronymic']}
            rowTestId="student-row"
            link={(student) => ({ to: '/teacher/students/$id', params: { id: student.id } })}
            action={(student) => (
              <IconButton
                aria-label={`Удалить из списка ${fullName(student)}`}
                size="small"
                onClick={() => setRemoving(student)}
              >
                <PersonRemoveIcon fontSize="small" />
              </IconButton>
            )}
          />
        )}
      </PagedList>
      {dialog === 'create' && <CreateStudentDialog onClose={() => setDialog(null)} />}
      {dialog === 'global' && <GlobalSearchDialog onClose={() => setDialog(null)} />}
      {removing && (
        <ConfirmDeleteDialog
          title="Удалить ученика из списка?"
          text={`${fullName(removing)} больше не будет в вашем списке, и ваши экзамены станут ему недоступны. Его записи сохранятся.`}
          remove={remove}
          id={removing.id}
          done={SUCCESS_TEXT.studentRemoved}
          onClose={() => setRemoving(null)}
        />
      )}
    </Page>
  );
}
