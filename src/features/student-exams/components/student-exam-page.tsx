import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';
import { PagedList } from '@/components/paged-list/paged-list';
import { LinkedRows } from '@/components/paged-list/linked-rows';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { RECORDING_ROW } from '@/components/paged-list/recording-rows';
import { useListState } from '@/components/paged-list/use-list-state';
import { useExamAvailability } from '@/lib/use-exam-availability';
import { useStudentExam } from '../api/get-student-exam';
import { useExamRecordings } from '../api/list-exam-recordings';

const LinkButton = createLink(Button);

/**
 * The exam: when it may be taken and the attempts left, the student's recordings of it and
 * 'Пройти экзамен' (disabled, with the reason, outside the window or with no attempts left).
 */
export function StudentExamPage({ examId, status }: { examId: number; status?: ReactNode }) {
  const exam = useStudentExam(examId);
  const availability = useExamAvailability(exam.data, exam.dataUpdatedAt);
  const state = useListState();
  const audios = useExamRecordings({ examId, page: state.page, pageSize: state.pageSize });
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
    </Page>
  );
}
