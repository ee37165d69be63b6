import BarChartIcon from '@mui/icons-material/BarChart';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { AudioSummary } from '@/shared/contract/teacher';
import { SUCCESS_TEXT } from '@/shared/messages';
import { ConfirmDeleteDialog } from '@/components/confirm-dialog/confirm-dialog';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { type MoreAction, MoreActions } from '@/components/layout/more-actions';
import { Page } from '@/components/layout/page';
import { errorStatus } from '@/lib/api-client';
import { useHrefClick } from '@/lib/href-navigation';
import { useNotify } from '@/lib/notify';
import { useDeleteExamRecording } from '../api/delete-exam-recording';
import { useDownloadExamScores } from '../api/download-exam-scores';
import { useDownloadExamZip } from '../api/download-exam-zip';
import { useExam } from '../api/get-exam';
import { useSwitchRecordingChecked } from '../api/switch-recording-checked';
import { ExamDialog } from './exam-dialog';
import { ExamStatisticsDialog } from './exam-statistics-dialog';
import { examRulesLines } from '../model/exam-rules';
import { OutlinedList } from '@/components/paged-list/outlined-list';
import { recordingSecondary } from '@/components/paged-list/recording-rows';

export const EMPTY_AUDIOS_TEXT = 'Список аудиозаписей пуст';

/** The recording's review page. */
const audioHref = (id: number) => `/teacher/audios/${id}`;

/**
 * /teacher/exams/{id}: the exam's attempts and window, the exam day's progress (`progress`, the
 * route brings it from the exam-day feature: features do not import each other), its recordings (checked switch, delete,
 * open for review), and the exam's edit dialog, statistics and zip of all recordings.
 */
export function ExamPage({ examId, progress }: { examId: number; progress?: ReactNode }) {
  const query = useExam(examId);
  const exam = query.data;
  const navigate = useNavigate();
  const notify = useNotify();
  const hrefClick = useHrefClick();
  const switchChecked = useSwitchRecordingChecked(examId);
  const removeAudio = useDeleteExamRecording(examId);
  const zip = useDownloadExamZip();
  const scoresCsv = useDownloadExamScores();
  const [editing, setEditing] = useState(false);
  const [statisticsOpen, setStatisticsOpen] = useState(false);
  const [deleting, setDeleting] = useState<AudioSummary | null>(null);

  // Deleted meanwhile (here or elsewhere): the exam cannot be shown any more.
  const gone = query.isError && errorStatus(query.error) === 404;
  useEffect(() => {
    if (gone) void navigate({ to: '/teacher', replace: true });
  }, [gone, navigate]);

  const toggle = (audio: AudioSummary) =>
    switchChecked.mutate(audio.id, {
      onSuccess: () => notify.success(SUCCESS_TEXT.statusChanged),
      onError: notify.apiError,
    });

  const download = () => zip.mutate(examId, { onError: notify.apiError });
  const downloadScores = () => scoresCsv.mutate(examId, { onError: notify.apiError });
  const switching = switchChecked.isPending ? switchChecked.variables : undefined;
  const rules = examRulesLines(exam);
  // Besides the main one ('Скачать .zip'): buttons where there is room, one menu on a phone.
  const more: MoreAction[] = [
    { label: 'Редактировать экзамен', icon: <EditIcon />, onClick: () => setEditing(true) },
    { label: 'Статистика', icon: <BarChartIcon />, onClick: () => setStatisticsOpen(true) },
    { label: 'Оценки .csv', icon: <DownloadIcon />, onClick: downloadScores, busy: scoresCsv.isPending },
  ];

  return (
    <Page
      title={exam.name}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <BackToListButton to="/teacher/exams" />
          <MoreActions actions={more} />
          <Button variant="contained" startIcon={<DownloadIcon />} loading={zip.isPending} onClick={download}>
            Скачать .zip
          </Button>
        </Box>
      }
    >
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mb: 2 }}
        data-testid="exam-rules"
      >
        <Typography color="text.secondary">{rules.attempts}</Typography>
        <Typography color="text.secondary">{rules.window}</Typography>
      </Stack>
      {progress}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Аудиозаписи
      </Typography>
      {exam.audios.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {EMPTY_AUDIOS_TEXT}
        </Typography>
      ) : (
        <OutlinedList label="Аудиозаписи экзамена">
          {exam.audios.map((audio) => (
            <ListItem
              key={audio.id}
              divider
              disablePadding
              data-testid="exam-audio-row"
              // The actions stay beside the name, or go under it on a narrow screen.
              sx={{ flexWrap: 'wrap' }}
            >
              <ListItemButton
                component="a"
                href={audioHref(audio.id)}
                onClick={hrefClick(audioHref(audio.id))}
                sx={{ flex: '1 1 260px', minWidth: 0 }}
              >
                <ListItemText
                  primary={audio.name}
                  secondary={recordingSecondary(audio, true)}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              </ListItemButton>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto', pl: 2, pr: 1 }}>
                <FormControlLabel
                  label="Проверено"
                  control={
                    <Switch
                      checked={audio.checked}
                      disabled={switching === audio.id}
                      onChange={() => toggle(audio)}
                    />
                  }
                />
                <IconButton aria-label={`Удалить ${audio.name}`} onClick={() => setDeleting(audio)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </ListItem>
          ))}
        </OutlinedList>
      )}
      {editing && <ExamDialog exam={exam} onClose={() => setEditing(false)} />}
      {statisticsOpen && <ExamStatisticsDialog examId={examId} onClose={() => setStatisticsOpen(false)} />}
      {deleting && (
        <ConfirmDeleteDialog
          title="Удалить аудиозапись?"
          text={`Аудиозапись «${deleting.name}» будет удалена вместе с комментариями к ней.`}
          remove={removeAudio}
          id={deleting.id}
          done={SUCCESS_TEXT.audioDeleted}
          onClose={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
