import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { SUCCESS_TEXT } from '../../../shared/messages';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { toPagedResult } from '../../../components/paged-list/paged-result';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useHrefClick } from '../../../lib/href-navigation';
import { useNotify } from '../../../lib/notify';
import { useDeleteExam } from '../api/delete-exam';
import { type ExamSummary, useExamsPage } from '../api/list-exams';
import { ExamDialog } from './exam-dialog';

/** The exam's own page (recordings, statistics, zip). */
export const examHref = (id: number) => `/teacher/exams/${id}`;

/** /teacher/exams: search, create (two-step picker), delete after confirmation, open one. */
export function ExamsScreen() {
  const state = useListState();
  const query = useExamsPage({ page: state.page, pageSize: state.pageSize, search: state.search });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ExamSummary | null>(null);
  const remove = useDeleteExam();
  const notify = useNotify();
  const hrefClick = useHrefClick();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.examDeleted),
      onError: notify.apiError,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Page
      title="Экзамены"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Создать экзамен
        </Button>
      }
    >
      <PagedList state={state} result={toPagedResult(query)}>
        {(exams) => (
          <Paper variant="outlined">
            <List aria-label="Экзамены" disablePadding>
              {exams.map((exam) => (
                <ListItem
                  key={exam.id}
                  divider
                  disablePadding
                  data-testid="exam-row"
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Удалить ${exam.name}`}
                      onClick={() => setDeleting(exam)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemButton
                    component="a"
                    href={examHref(exam.id)}
                    onClick={hrefClick(examHref(exam.id))}
                  >
                    <ListItemText primary={exam.name} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
      {creating && <ExamDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Удалить экзамен?"
          text={`Экзамен «${deleting.name}» будет удален вместе с аудиозаписями учеников и комментариями к ним.`}
          loading={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
