import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { StorageHealth } from '../model/chunk-writer';
import type { StorageCheck } from '../model/device-storage';

const mb = (bytes: number) => `${Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10)} МБ`;

const KEPT_TEXT =
  'Ответ сохранится на этом устройстве и уйдет учителю, когда будет сеть. Не очищайте браузер, пока ответ не отправлен.';

/**
 * What keeps the answer on the device until it is sent, in plain words (asked on the exam page):
 * when the browser did not promise to keep it, a full device may lose it too.
 */
export function PersistenceNote({ persisted }: { persisted: boolean | null | undefined }) {
  if (persisted === undefined) return null;
  if (persisted) {
    return (
      <Alert severity="success" data-testid="storage-persisted">
        {KEPT_TEXT}
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="storage-persisted">
      {KEPT_TEXT} Оставьте на устройстве свободное место: когда его мало, браузер может удалить сохраненное.
    </Alert>
  );
}

/** Says when the device lacks room for this exam's recording. */
export function StorageShortNote({ check }: { check: StorageCheck | null }) {
  if (check?.kind !== 'short') return null;
  return (
    <Alert severity="warning" data-testid="storage-short">
      На устройстве мало места: свободно около {mb(check.availableBytes)}, а для записи этого экзамена нужно
      около {mb(check.neededBytes)}.
      {check.freedMedia > 0 && ' Сохраненные материалы других экзаменов уже удалены.'} Освободите место
      (удалите ненужные файлы или приложения), иначе запись может не сохраниться.
    </Alert>
  );
}

/**
 * A chunk could not be written to the device: the student is told on the screen itself. The
 * recording goes on and the writes are retried; nothing recorded is dropped.
 */
export function StorageFaultNote({ health, onSaveFile }: { health: StorageHealth; onSaveFile?: () => void }) {
  if (health.error) {
    return (
      <Alert
        severity="error"
        role="alert"
        data-testid="storage-fault"
        action={
          onSaveFile && (
            <Button color="inherit" size="small" onClick={onSaveFile}>
              Сохранить файл
            </Button>
          )
        }
      >
        Не удается сохранить запись на устройстве: возможно, закончилось место. Запись продолжается:
        несохраненная часть хранится в памяти, сохранение повторяется. Не закрывайте страницу.
      </Alert>
    );
  }
  if (health.recovered) {
    return (
      <Alert severity="success" data-testid="storage-recovered">
        Запись снова сохраняется на устройстве, ничего не потеряно.
      </Alert>
    );
  }
  return null;
}

/**
 * The device could not queue the finished answer (storage full): it is not on its way. The
 * recording is still here, to be saved as a file at once or queued again once there is room.
 */
export function RecordingNotSavedNote({
  onSaveFile,
  onRetry,
}: {
  onSaveFile: () => void;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="answer-not-saved"
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={onSaveFile}>
            Сохранить файл
          </Button>
          <Button color="inherit" size="small" onClick={onRetry}>
            Повторить
          </Button>
        </Stack>
      }
    >
      Не удалось сохранить ответ на устройстве: возможно, закончилось место. Ответ не отправлен. Сохраните
      файл с записью и передайте его учителю другим способом или освободите место и нажмите «Повторить». Не
      закрывайте страницу.
    </Alert>
  );
}
