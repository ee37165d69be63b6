import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useRefusedItems } from '@/lib/use-device-sync';
import { discardRefusedRecording, saveRefusedRecording } from '../api/refused-recordings';

/**
 * This student's recordings the server refused for good (the exam was withdrawn, the variant
 * removed): the server's reason, the file to keep, and, once confirmed, removal from the device.
 */
export function RefusedRecordings() {
  const notify = useNotify();
  const items = useRefusedItems('recording');
  const [discarding, setDiscarding] = useState<{ clientId: string; label: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (items.length === 0 && !discarding) return null;

  const save = async (clientId: string) => {
    if (!(await saveRefusedRecording(clientId))) notify.error('Запись не найдена на устройстве');
  };
  const discard = async () => {
    if (!discarding) return;
    setBusy(true);
    try {
      await discardRefusedRecording(discarding.clientId);
      notify.success('Запись удалена с устройства');
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Stack spacing={1}>
        {items.map((item) => (
          <Alert
            key={item.key}
            severity="error"
            data-testid="refused-recording"
            action={
              <Stack direction="row" spacing={1}>
                <Button color="inherit" size="small" onClick={() => void save(item.payload.clientId)}>
                  Сохранить файл
                </Button>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setDiscarding({ clientId: item.payload.clientId, label: item.label })}
                >
                  Удалить
                </Button>
              </Stack>
            }
          >
            Запись экзамена «{item.label}» не принята сервером: {item.lastError}. Сохраните файл, чтобы
            передать его учителю другим способом.
          </Alert>
        ))}
      </Stack>
      {discarding && (
        <ConfirmDialog
          title="Удалить запись?"
          text={`Запись экзамена «${discarding.label}» будет удалена с этого устройства и не будет отправлена. Если она нужна, сначала сохраните файл.`}
          loading={busy}
          onConfirm={() => void discard()}
          onClose={() => setDiscarding(null)}
        />
      )}
    </Container>
  );
}
