import Headphones from '@mui/icons-material/Headphones';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Page } from '@/components/layout/page';
import { loadOnce } from '@/lib/load-once';
import { useNotify } from '@/lib/notify';
import { useExamAvailability } from '@/lib/use-exam-availability';
import { ERROR_TEXT } from '@/shared/messages';
import { formatDuration } from '@/shared/format';
import { useExamExtended } from '../api/get-exam-extended';
import { useExamVariant } from '../api/get-exam-variant';
import { useDeviceStorage } from '../hooks/use-device-storage';
import { useExamSession } from '../hooks/use-exam-session';
import { loadExamDevice } from '../api/load-exam-device';
import type { LeaveExamDialog } from './leave-exam-dialog';
import type { TaskView } from './task-view';
import { examTimeOf } from '../model/answer-windows';
import type { RecorderFault } from '../model/exam-recorder';
import { MicrophoneCheck, MicrophoneHelp } from './microphone-check';
import {
  RecordingNotSavedNote,
  PersistenceNote,
  StorageFaultNote,
  StorageShortNote,
} from './storage-notices';

// The end screen (the answer's player, its markers) loads during the exam, not before it: the
// session opens faster on a cheap phone, and the worker has it precached for offline.
const ExamEndScreen = lazy(() => import('./exam-end-screen').then((m) => ({ default: m.ExamEndScreen })));

/**
 * What the exam shows once it runs (the task's text, images and clocks; the dialog that asks before
 * leaving) and what it does on the device (the recorder, Dexie, the outbox) load after the choice
 * of variant is drawn, so the first open on a cheap phone waits for less. Starting waits for them:
 * a part that cannot load is a start that fails with a message, never an exam without its screen
 * or its recorder.
 */
interface RunningParts {
  TaskView: typeof TaskView;
  LeaveExamDialog: typeof LeaveExamDialog;
}
const loadRunningParts = loadOnce((): Promise<RunningParts> =>
  Promise.all([import('./task-view'), import('./leave-exam-dialog'), loadExamDevice()]).then(
    ([taskView, leaveDialog]) => ({
      TaskView: taskView.TaskView,
      LeaveExamDialog: leaveDialog.LeaveExamDialog,
    }),
  ),
);

/** The running parts once loaded; `ensure` loads them (again, after a failure) and keeps them. */
function useRunningParts() {
  const [parts, setParts] = useState<RunningParts | null>(null);
  useEffect(() => {
    let live = true;
    loadRunningParts().then(
      (loaded) => live && setParts(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const ensure = useCallback(async () => {
    const loaded = await loadRunningParts();
    setParts(loaded);
  }, []);
  return { parts, ensure };
}

export const HEADPHONES_TEXT = 'Лучше в наушниках: вопросы и аудиозаписи звучат в них, а не в записи ответа';

const FAULT_TEXT: Record<RecorderFault, string> = {
  'microphone-lost': 'Микрофон отключился, и запись остановилась.',
  'recorder-error': 'Запись остановилась из-за ошибки браузера.',
};

export function ExamSessionScreen({ examId, onFinished }: { examId: number; onFinished: () => void }) {
  const { data: exam, isError, dataUpdatedAt } = useExamExtended(examId);
  const availability = useExamAvailability(exam, dataUpdatedAt);
  const [picked, setPicked] = useState<number | null>(null);
  // The only variant is chosen already: nothing to pick.
  const variantId = picked ?? (exam?.variants.length === 1 ? exam.variants[0].id : null);
  const { data: chosen } = useExamVariant(examId, variantId);
  const device = useDeviceStorage(chosen);
  const session = useExamSession({ examId, examName: exam?.name ?? '' });
  const notify = useNotify();
  const { parts, ensure: ensureRunningParts } = useRunningParts();
  // Only a started exam blocks leaving, and starting waits for the dialog's code.
  const leaveDialog = parts && (
    <parts.LeaveExamDialog
      open={session.blocker.status === 'blocked'}
      onStay={() => session.blocker.reset?.()}
      onLeave={() => session.blocker.proceed?.()}
    />
  );

  if (!exam) {
    return (
      <Page title="Экзамен">
        {isError ? (
          <Alert severity="error">Не удалось загрузить экзамен</Alert>
        ) : (
          <CircularProgress aria-label="Загрузка" />
        )}
      </Page>
    );
  }

  if (session.stage === 'running' && session.variant) {
    // Started only once its parts were loaded; never the choice again while the exam runs.
    if (!parts) return <CircularProgress aria-label="Загрузка" />;
    return (
      <Page title={exam.name}>
        <Stack spacing={2}>
          <StorageFaultNote health={session.storage} />
          <StorageShortNote check={device.check} />
          <parts.TaskView
            variant={session.variant}
            runner={session.runner}
            now={session.now}
            level={session.level}
            listening={session.listening}
          />
        </Stack>
        {leaveDialog}
      </Page>
    );
  }

  if (session.stage === 'done') {
    return (
      <Suspense fallback={<CircularProgress aria-label="Загрузка" />}>
        <ExamEndScreen examId={examId} examName={exam.name} answer={session.answer} onBack={onFinished} />
      </Suspense>
    );
  }

  if (session.stage === 'finishing') {
    return (
      <Page title={exam.name}>
        <Stack spacing={2}>
          <StorageFaultNote health={session.storage} onSaveFile={() => void session.saveFile()} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-label="Сохранение записи" />
            <Typography>Сохранение записи…</Typography>
          </Box>
        </Stack>
        {leaveDialog}
      </Page>
    );
  }

  if (session.stage === 'unsaved') {
    return (
      <Page title={exam.name}>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          {session.fault && <Alert severity="warning">{FAULT_TEXT[session.fault]}</Alert>}
          <RecordingNotSavedNote
            onSaveFile={() => void session.saveFile()}
            onRetry={() => void session.retrySave()}
          />
        </Stack>
        {leaveDialog}
      </Page>
    );
  }

  if (session.stage === 'stopped' && session.fault) {
    return (
      <Page title={exam.name}>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Alert severity="error" role="alert" data-testid="recording-stopped">
            {FAULT_TEXT[session.fault]} Записанное сохранено на устройстве и будет отправлено учителю как
            прерванная запись. Проверьте микрофон и, если нужно, пройдите экзамен еще раз.
          </Alert>
          <Box>
            <Button variant="contained" onClick={onFinished}>
              К экзамену
            </Button>
          </Box>
        </Stack>
      </Page>
    );
  }

  const time = chosen ? examTimeOf(chosen.tasks.map((vt) => vt.task)) : null;
  return (
    <Page title={exam.name}>
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <MicrophoneCheck />
        <Alert severity="info" icon={<Headphones />} data-testid="headphones-note">
          {HEADPHONES_TEXT}
        </Alert>
        <FormControl>
          <FormLabel id="variant-choice">Вариант</FormLabel>
          <RadioGroup
            aria-labelledby="variant-choice"
            value={variantId ?? ''}
            onChange={(e) => setPicked(Number(e.target.value))}
          >
            {exam.variants.map((v) => (
              <FormControlLabel key={v.id} value={v.id} control={<Radio />} label={v.name} />
            ))}
          </RadioGroup>
        </FormControl>
        {time && (
          <Typography data-testid="exam-total-time">
            Всего {formatDuration(time.total)}: подготовка {formatDuration(time.preparation)}, ответы{' '}
            {formatDuration(time.answers)}
          </Typography>
        )}
        <PersistenceNote persisted={device.persisted} />
        <StorageShortNote check={device.check} />
        <Typography variant="body2" color="text.secondary">
          Перед каждым заданием идет время на подготовку, затем звучит сигнал и начинается запись ответа. Во
          время экзамена не уходите со страницы.
        </Typography>
        <MicrophoneHelp problem={session.problem} />
        {availability && (availability.windowText || availability.attemptsText) && (
          <Box data-testid="exam-rules">
            {availability.windowText && <Typography>{availability.windowText}</Typography>}
            {availability.attemptsText && <Typography>{availability.attemptsText}</Typography>}
          </Box>
        )}
        {availability?.reason && (
          <Alert severity="info" id="exam-start-blocked">
            {availability.reason}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            loading={session.stage === 'starting'}
            disabled={availability !== null && !availability.canStart}
            aria-describedby={availability?.reason ? 'exam-start-blocked' : undefined}
            onClick={() => {
              // By the clock of the click: the window may have closed since the screen was drawn.
              if (availability && !availability.check().canStart) return;
              void ensureRunningParts().then(
                () => session.start(variantId),
                () => notify.error(ERROR_TEXT.generic),
              );
            }}
          >
            Начать экзамен
          </Button>
        </Box>
      </Stack>
      {leaveDialog}
    </Page>
  );
}
