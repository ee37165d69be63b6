import Box from '@mui/material/Box';
import { LinkedListPage } from '@/components/paged-list/linked-list-page';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { useListState } from '@/components/paged-list/use-list-state';
import { attemptsLeftOf, attemptsLeftText, examWindowText } from '@/lib/exam-availability';
import { useDeviceAttempts } from '@/lib/use-exam-availability';
import { useExamsList } from '../api/list-student-exams';

/** The student's exams, each with its window and the attempts left (the device's own counted). */
export function ExamsList() {
  const state = useListState();
  const query = useExamsList({ page: state.page, pageSize: state.pageSize, search: state.search });
  const device = useDeviceAttempts();
  return (
    <LinkedListPage
      title="Экзамены"
      state={state}
      result={toPagedResult(query)}
      link={(exam) => ({ to: '/student/exams/$id', params: { id: exam.id } })}
      secondary={(exam) => {
        const lines = [
          examWindowText(exam),
          attemptsLeftText(
            exam,
            attemptsLeftOf({ rules: exam, onDevice: device.count(exam.id, query.dataUpdatedAt) }),
          ),
        ].filter((line): line is string => line !== null);
        if (lines.length === 0) return undefined;
        return lines.map((line) => (
          <Box component="span" key={line} sx={{ display: 'block' }}>
            {line}
          </Box>
        ));
      }}
    />
  );
}
