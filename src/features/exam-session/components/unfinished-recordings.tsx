import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { formatDateTime, formatDuration } from '@/shared/format';
import { useNotify } from '@/lib/notify';
import { enqueueRecording } from '../api/complete-exam';
import { useRecordingNotices } from '../hooks/use-recording-notices';

/**
 * Recordings cut off by a reload, a closed tab or a lost microphone: they go out by themselves,
 * this says so until the server has them. Recordings another tab is making are not listed.
 */
export function UnfinishedRecordings() {
  const notify = useNotify();
  const entries = useRecordingNotices();
  if (entries.length === 0) return null;
  const send = async (clientId: string, label: string) => {
    await enqueueRecording(clientId, label, { interrupted: true });
    notify.success('Запись поставлена в очередь на отправку');
  };
  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Stack spacing={1}>
        {entries.map(({ recording: r, notice }) =>
          notice === 'interrupted' ? (
            <Alert key={r.clientId} severity="info" data-testid="unfinished-recording">
              Экзамен «{r.examName}» был прерван {formatDateTime(r.updatedAt)}. Записано{' '}
              {formatDuration(r.duration)}. Запись прервана и будет отправлена учителю автоматически.
            </Alert>
          ) : (
            <Alert
              key={r.clientId}
              severity="warning"
              data-testid="unfinished-recording"
              action={
                <Button color="inherit" size="small" onClick={() => void send(r.clientId, r.examName)}>
                  Отправить запись
                </Button>
              }
            >
              Экзамен «{r.examName}» был прерван {formatDateTime(r.updatedAt)}. Записано{' '}
              {formatDuration(r.duration)} — запись сохранена на устройстве и может быть отправлена учителю.
            </Alert>
          ),
        )}
      </Stack>
    </Container>
  );
}
