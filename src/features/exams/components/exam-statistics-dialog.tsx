import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { StatisticsSession } from '@/shared/contract/review';
import { formatDateTime, formatScore } from '@/shared/format';
import { examStateText, RECORDING_NOTE } from '@/shared/messages';
import { DEFAULT_SECTION_PAGE_SIZE } from '@/shared/pager';
import { recordingNotes } from '@/components/recording/recording-notes';
import { toPagedResult } from '@/components/paged-list/paged-result';
import { PagedTable, type Column } from '@/components/paged-list/paged-table';
import { useListState } from '@/components/paged-list/use-list-state';
import { useExamStatistics } from '../api/list-exam-statistics';
import { usePhoneLayout } from '@/components/layout/use-phone-layout';

export const STATISTICS_EMPTY_TEXT = 'Записи отсутствуют';

export const STATISTICS_COLUMNS: Column<StatisticsSession>[] = [
  { header: 'Фамилия', cell: (s) => s.student.surname },
  { header: 'Имя', cell: (s) => s.student.name },
  {
    header: 'Статус',
    cell: (s) =>
      s.completed ? (
        <Chip size="small" color="success" variant="outlined" label="Завершен" />
      ) : (
        <Chip size="small" variant="outlined" label="Не завершен" />
      ),
  },
  // Where the latest attempt stands on the exam day, in the words of scores.csv.
  { header: 'Состояние', cell: (s) => examStateText(s.state, s.stateMessage) },
  { header: 'Дата', cell: (s) => (s.date ? formatDateTime(s.date) : '—') },
  { header: 'Попыток', cell: (s) => s.attempts },
  {
    header: 'Отметки',
    cell: (s) => {
      const notes = recordingNotes(s);
      return notes.length === 0 ? (
        '—'
      ) : (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {notes.map((note) => (
            <Chip key={note} size="small" variant="outlined" label={RECORDING_NOTE[note]} />
          ))}
        </Stack>
      );
    },
  },
  {
    header: 'Баллы (последняя попытка)',
    cell: (s) => (s.total !== null && s.maxTotal !== null ? formatScore(s.total, s.maxTotal) : '—'),
  },
];

/**
 * 'Статистика': who of the assigned students completed the exam, where their answer stands on
 * the exam day, when, in how many attempts, how the latest one arrived (after the exam closed,
 * beyond the attempts) and its grade.
 */
export function ExamStatisticsDialog({ examId, onClose }: { examId: number; onClose: () => void }) {
  const titleId = useId();
  const state = useListState(DEFAULT_SECTION_PAGE_SIZE);
  const query = useExamStatistics(examId, { page: state.page, pageSize: state.pageSize });
  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>Статистика</DialogTitle>
      <DialogContent dividers>
        <PagedTable
          state={state}
          result={toPagedResult(query)}
          columns={STATISTICS_COLUMNS}
          rowKey={(s) => s.student.id}
          caption="Статистика экзамена"
          emptyText={STATISTICS_EMPTY_TEXT}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}
