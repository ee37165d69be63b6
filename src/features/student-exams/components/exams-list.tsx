import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { createLink } from '@tanstack/react-router';
import { Page } from '../../../components/layout/page';
import { PagedList } from '../../../components/paged-list/paged-list';
import { useListState } from '../../../components/paged-list/use-list-state';
import { useExamsList } from '../api/list-exams';

const LinkItem = createLink(ListItemButton);

export function ExamsList() {
  const state = useListState();
  const query = useExamsList({ page: state.page, pageSize: state.pageSize, search: state.search });
  return (
    <Page title="Экзамены">
      <PagedList
        state={state}
        result={{
          items: query.data?.exams,
          pages: query.data?.pages,
          isPending: query.isPending,
          isError: query.isError,
        }}
      >
        {(exams) => (
          <Paper variant="outlined">
            <List disablePadding aria-label="Экзамены">
              {exams.map((exam) => (
                <LinkItem key={exam.id} to="/student/exams/$id" params={{ id: String(exam.id) }} divider>
                  <ListItemText primary={exam.name} />
                </LinkItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
    </Page>
  );
}
