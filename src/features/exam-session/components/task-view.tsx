import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { formatDuration } from '@/shared/format';
import type { Variant } from '../api/get-exam-variant';
import { countdownAnnouncement } from '../model/countdown-announcement';
import { runnerProgress, type RunnerState } from '../model/runner';
import { LevelMeter } from './level-meter';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PhaseMark({ runner, now }: { runner: Extract<RunnerState, { kind: 'running' }>; now: number }) {
  if (runner.phase === 'speaking') {
    return (
      <Chip
        color="error"
        icon={<FiberManualRecord />}
        label={`Идет запись ${formatDuration((now - runner.phaseStartedAt) / 1000)}`}
        data-testid="phase-speaking"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      />
    );
  }
  if (runner.phase === 'starting') {
    return <Chip color="error" variant="outlined" label="Начинается запись…" data-testid="phase-starting" />;
  }
  return <Chip color="primary" variant="outlined" label="Подготовка" data-testid="phase-preparing" />;
}

/**
 * One task at a time: its text and images, the bar with the mm:ss countdown (announced to
 * screen readers at sensible steps), and while the answer is recorded a red mark with the
 * elapsed time and the microphone's level.
 */
export function TaskView({
  variant,
  runner,
  now,
  level,
}: {
  variant: Variant;
  runner: RunnerState;
  now: number;
  level: () => number;
}) {
  if (runner.kind !== 'running') return null;
  const entry = variant.tasks[runner.taskIndex];
  const { fraction, secondsLeft } = runnerProgress(runner, now);
  const answering = runner.phase !== 'preparing';
  const phaseSeconds = runner.phase === 'preparing' ? entry.task.preparationDuration : entry.task.duration;
  const images = entry.task.files.filter((f) => f.type.startsWith('image'));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Задание №{runner.taskIndex + 1} из {runner.tasks.length}: {entry.task.name}
        </Typography>
        <PhaseMark runner={runner} now={now} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <LinearProgress
          variant="determinate"
          value={fraction * 100}
          color={answering ? 'error' : 'primary'}
          aria-label={answering ? 'Время ответа' : 'Время подготовки'}
          sx={{ flex: 1, height: 10, borderRadius: 5 }}
        />
        <Typography
          variant="h6"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="countdown"
        >
          {formatDuration(secondsLeft)}
        </Typography>
      </Box>
      <Box aria-live="polite" sx={visuallyHidden} data-testid="countdown-announcement">
        {countdownAnnouncement(runner.phase, runner.taskIndex + 1, secondsLeft, phaseSeconds)}
      </Box>
      {runner.phase === 'speaking' && (
        <Box sx={{ mb: 3, maxWidth: 360 }}>
          <LevelMeter read={level} />
        </Box>
      )}
      <RichTextView html={entry.task.text} />
      {images.length > 0 && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          {images.map((f) => (
            <Box
              component="img"
              key={f.id}
              src={f.access}
              alt={f.name}
              sx={{ maxWidth: '100%', maxHeight: 420, borderRadius: 1 }}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
