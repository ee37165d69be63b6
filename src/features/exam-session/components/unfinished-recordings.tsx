import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, formatDuration } from '../../../shared/format';
import { useNotify } from '../../../lib/notify';
import { recordingStore } from '../../../lib/outbox';
import { tokenStore } from '../../../lib/tokens';
import { enqueueRecording } from '../api/complete-exam';

const unfinishedKey = ['device', 'unfinished-recordings'];

/** After a reload or crash mid-exam: offers to send what was recorded. */
export function UnfinishedRecordings() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data } = useQuery({
    queryKey: unfinishedKey,
    queryFn: () => recordingStore.unfinished(tokenStore.userId()),
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  if (!data || data.length === 0) return null;
  const send = async (clientId: string, label: string) => {
    await enqueueRecording(clientId, label);
    notify.success('Запись поставлена в очередь на отправку');
    await queryClient.invalidateQueries({ queryKey: unfinishedKey });
  };
  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Stack spacing={1}>
        {data.map((r) => (
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
        ))}
      </Stack>
    </Container>
  );
}
