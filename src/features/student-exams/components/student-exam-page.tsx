import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { LinkedRows } from '@/components/paged-list/linked-rows';
import { OutlinedList } from '@/components/paged-list/outlined-list';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { RECORDING_ROW } from '@/components/paged-list/recording-rows';
import { useListState } from '@/components/paged-list/use-list-state';
import { useExamAvailability } from '@/lib/use-exam-availability';
import { formatDateTime } from '@/shared/format';
import { useStudentExam } from '../api/get-student-exam';
import { useExamRecordings } from '../api/list-exam-recordings';
import { type DeviceAnswer, useDeviceAnswers } from '../hooks/use-device-answers';
import { type ExamPageAction, ExamPageActions } from './exam-page-actions';

const LinkButton = createLink(Button);

const DEVICE_ANSWER_TEXT = 'Ответ на устройстве, ждет отправки';

/** The student's answers still on the device, each with its date, above those the server has. */
function DeviceAnswers({ answers }: { answers: DeviceAnswer[] }) {
  return (
    <OutlinedList label="Ответы на устройстве">
      {answers.map((a) => (
        <ListItem key={a.clientId} divider data-testid="device-answer">
          <ListItemIcon>
            <CloudUploadOutlined />
          </ListItemIcon>
          <ListItemText primary={DEVICE_ANSWER_TEXT} secondary={formatDateTime(a.at)} />
        </ListItem>
      ))}
    </OutlinedList>
  );
}

/**
 * The exam: when it may be taken and the attempts left, the student's recordings of it (those
 * still on the device first) and 'Пройти экзамен' (disabled, with the reason, outside the window
 * or with no attempts left); `moreActions` go into a menu on a phone.
 */
export function StudentExamPage({
  examId,
  status,
  moreActions,
}: {
  examId: number;
  status?: ReactNode;
  moreActions?: ExamPageAction[];
}) {
  const exam = useStudentExam(examId);
  const availability = useExamAvailability(exam.data, exam.dataUpdatedAt);
  const state = useListState();
  const audios = useExamRecordings({ examId, page: state.page, pageSize: state.pageSize });
  const onDevice = useDeviceAnswers(examId);
  // An answer on its way is not 'Ничего не найдено'.
  const onlyOnDevice = onDevice.length > 0 && state.page === 0 && audios.data?.items.length === 0;
  if (exam.isError && !exam.data) {
    return (
      <Page title="Экзамен">
        <Alert severity="error">Экзамен не найден</Alert>
      </Page>
    );
  }
  return (
    <Page
      title={exam.data?.name ?? 'Экзамен'}
      actions={
        <ExamPageActions
          more={moreActions}
          main={
            <LinkButton
              to="/student/exams/$id/session"
              params={{ id: examId }}
              variant="contained"
              startIcon={<PlayArrow />}
              disabled={availability !== null && !availability.canStart}
              aria-describedby={availability?.reason ? 'exam-start-blocked' : undefined}
            >
              Пройти экзамен
            </LinkButton>
          }
        />
      }
    >
      {availability && (availability.windowText || availability.attemptsText || availability.reason) && (
        <Box sx={{ mb: 2 }} data-testid="exam-rules">
          {availability.windowText && <Typography>{availability.windowText}</Typography>}
          {availability.attemptsText && <Typography>{availability.attemptsText}</Typography>}
          {availability.reason && (
            <Alert severity="info" id="exam-start-blocked" sx={{ mt: 1 }}>
              {availability.reason}
            </Alert>
          )}
        </Box>
      )}
      {status && <Box sx={{ mb: 2 }}>{status}</Box>}
      <Typography variant="h6" component="h2" gutterBottom>
        Мои аудиозаписи
      </Typography>
      <Stack spacing={2}>
        {onDevice.length > 0 && <DeviceAnswers answers={onDevice} />}
        {!onlyOnDevice && (
          <PagedList state={state} searchable={false} result={toPagedResult(audios)}>
            {(items) => (
              <LinkedRows
                label="Аудиозаписи экзамена"
                items={items}
                link={(a) => ({ to: '/student/audios/$id', params: { id: a.id } })}
                {...RECORDING_ROW}
              />
            )}
          </PagedList>
        )}
      </Stack>
    </Page>
  );
}
