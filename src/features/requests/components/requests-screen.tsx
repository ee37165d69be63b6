import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { TeacherRequest } from '@/shared/contract/student-requests';
import { fullName } from '@/shared/format';
import { SUCCESS_TEXT } from '@/shared/messages';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { useNotify } from '@/lib/notify';
import { type RequestAnswer, useAnswerRequest } from '../api/answer-request';
import { useRequestsPage } from '../api/list-requests';
import { OutlinedList } from '@/components/paged-list/outlined-list';

const teacherName = (r: TeacherRequest) =>
  fullName({ surname: r.teacher_surname, name: r.teacher_name, patronymic: r.teacher_patronymic });

/** /student/requests: teachers asking to add the student; accept or reject each. */
export function RequestsScreen() {
  const state = useListState();
  const query = useRequestsPage({ page: state.page, pageSize: state.pageSize });
  const answer = useAnswerRequest();
  const notify = useNotify();

  const reply = (request: TeacherRequest, kind: RequestAnswer) =>
    answer.mutate(
      { id: request.id, answer: kind },
      {
        onSuccess: () =>
          notify.success(kind === 'accept' ? SUCCESS_TEXT.requestAccepted : SUCCESS_TEXT.requestRejected),
        onError: notify.apiError,
      },
    );

  const busy = (request: TeacherRequest, kind: RequestAnswer) =>
    answer.isPending && answer.variables.id === request.id && answer.variables.answer === kind;

  return (
    <Page title="Заявки">
      <PagedList
        state={state}
        result={toPagedResult(query)}
        searchable={false}
        emptyText="Здесь появятся приглашения учителей"
      >
        {(requests) => (
          <OutlinedList label="Заявки учителей">
            {requests.map((request) => (
              <ListItem key={request.id} divider data-testid="request-row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText primary={teacherName(request)} secondary="Учитель" sx={{ minWidth: 200 }} />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    size="small"
                    loading={busy(request, 'accept')}
                    disabled={answer.isPending}
                    onClick={() => reply(request, 'accept')}
                  >
                    Добавить учителя
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    loading={busy(request, 'reject')}
                    disabled={answer.isPending}
                    onClick={() => reply(request, 'reject')}
                  >
                    Удалить учителя
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </OutlinedList>
        )}
      </PagedList>
    </Page>
  );
}
