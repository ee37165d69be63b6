import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { formatDuration } from '@/shared/format';
import type { Variant } from '../api/get-exam-variant';
import { answerWindowsOf } from '../model/answer-windows';
import { countdownAnnouncement } from '../model/countdown-announcement';
import { runnerProgress, type RunnerState } from '../model/runner';
import { LevelMeter } from './level-meter';
import { TaskImages } from './task-images';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Running = Extract<RunnerState, { kind: 'running' }>;

export const LISTENING_TEXT = 'Звучит аудиозапись';
export const RECORDING_TEXT = 'Идет запись';
export const STARTS_AFTER_SIGNAL_TEXT = 'Запись начнется автоматически после сигнала';

/**
 * The phase at a glance: the red dot while the answer is recorded (no clock of its own: the
 * countdown says how long is left); listening shows its audio's bar instead.
 */
function PhaseMark({ phase }: { phase: Running['phase'] }) {
  if (phase === 'speaking') {
    return (
      <Box
        data-testid="phase-speaking"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'error.main', fontWeight: 500 }}
      >
        <FiberManualRecord fontSize="small" aria-hidden />
        <Typography component="span" sx={{ fontWeight: 'inherit' }}>
          {RECORDING_TEXT}
        </Typography>
      </Box>
    );
  }
  if (phase === 'starting') {
    return <Chip color="error" variant="outlined" label="Начинается запись…" data-testid="phase-starting" />;
  }
  if (phase === 'listening') return null;
  return <Chip color="primary" variant="outlined" label="Подготовка" data-testid="phase-preparing" />;
}

/** A bar and its label, the label saying what it counts. */
function Countdown({
  label,
  text,
  fraction,
  color,
}: {
  label: string;
  text: string;
  /** 0..1; null: not known yet (the bar moves without a value). */
  fraction: number | null;
  color: 'primary' | 'error';
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <LinearProgress
        variant={fraction === null ? 'indeterminate' : 'determinate'}
        value={fraction === null ? undefined : fraction * 100}
        color={color}
        aria-label={label}
        sx={{ flex: '1 1 200px', height: 10, borderRadius: 5 }}
      />
      <Typography
        variant="h6"
        component="p"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid="countdown"
      >
        {text}
      </Typography>
    </Box>
  );
}

/**
 * One task at a time: its text and images; for a task with questions, which question and its
 * text; one labelled countdown per phase ('До начала ответа' while preparing, 'До конца ответа'
 * while answering, announced to screen readers at sensible steps); while the audio plays, its
 * progress; while the answer is recorded a red dot and the microphone's level.
 */
export function TaskView({
  variant,
  runner,
  now,
  level,
  listening,
}: {
  variant: Variant;
  runner: RunnerState;
  now: number;
  level: () => number;
  /** How far the audio being heard has played (0..1), null while unknown. */
  listening: () => number | null;
}) {
  if (runner.kind !== 'running') return null;
  const entry = variant.tasks[runner.taskIndex];
  const windows = answerWindowsOf(entry.task);
  const current = windows[Math.min(runner.windowIndex, windows.length - 1)];
  const { fraction, secondsLeft } = runnerProgress(runner, now);
  const { phase } = runner;
  const phaseSeconds = phase === 'preparing' ? entry.task.preparationDuration : current.answerSeconds;
  const images = entry.task.files.filter((f) => f.type.startsWith('image'));
  const timerText =
    phase === 'preparing'
      ? `До начала ответа ${formatDuration(secondsLeft)}`
      : phase === 'listening'
        ? LISTENING_TEXT
        : `До конца ответа ${formatDuration(secondsLeft)}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {/* The title has the whole width: beside a chip it wrapped into four lines on a phone. */}
      <Typography variant="h6" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        Задание №{runner.taskIndex + 1} из {runner.tasks.length}: {entry.task.name}
      </Typography>
      {/* The phase and its countdown stay at the top of the screen however long the task's text. */}
      <Box
        data-testid="exam-timer"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          mx: { xs: -2, sm: -3 },
          px: { xs: 2, sm: 3 },
          py: 1,
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {phase !== 'listening' && (
          <Box sx={{ minHeight: 32, display: 'flex', alignItems: 'center', mb: 0.5 }}>
            <PhaseMark phase={phase} />
          </Box>
        )}
        {phase === 'preparing' && (
          <>
            <Countdown label="Время подготовки" text={timerText} fraction={fraction} color="primary" />
            <Typography variant="body2" color="text.secondary">
              {STARTS_AFTER_SIGNAL_TEXT}
            </Typography>
          </>
        )}
        {phase === 'listening' && (
          <Box data-testid="phase-listening">
            <Countdown label={LISTENING_TEXT} text={timerText} fraction={listening()} color="primary" />
          </Box>
        )}
        {(phase === 'starting' || phase === 'speaking') && (
          <Countdown label="Время ответа" text={timerText} fraction={fraction} color="error" />
        )}
      </Box>
      {current.question && phase !== 'preparing' && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            Вопрос {current.question.number} из {current.question.count}
          </Typography>
          {current.text && (
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="question-text">
              {current.text}
            </Typography>
          )}
        </Box>
      )}
      <Box aria-live="polite" sx={visuallyHidden} data-testid="countdown-announcement">
        {countdownAnnouncement(phase, runner.taskIndex + 1, secondsLeft, phaseSeconds, current.question)}
      </Box>
      {phase === 'speaking' && (
        <Box sx={{ mb: 3, maxWidth: 360 }}>
          <LevelMeter read={level} />
        </Box>
      )}
      <RichTextView html={entry.task.text} />
      {/* A new task starts with its images closed. */}
      <TaskImages
        key={runner.taskIndex}
        images={images}
        header={
          <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}>{timerText}</Typography>
        }
      />
    </Paper>
  );
}
