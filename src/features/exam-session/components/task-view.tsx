import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { formatDuration } from '../../../shared/format';
import type { Variant } from '../hooks/use-exam-session';
import { runnerProgress, type RunnerState } from '../model/runner';

/** One task at a time: its text and images, and the bar with the mm:ss countdown. */
export function TaskView({ variant, runner, now }: { variant: Variant; runner: RunnerState; now: number }) {
  if (runner.kind !== 'running') return null;
  const entry = variant.tasks[runner.taskIndex];
  const { fraction, secondsLeft } = runnerProgress(runner, now);
  const speaking = runner.phase === 'speaking';
  const images = entry.task.files.filter((f) => f.type.startsWith('image'));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Задание №{runner.taskIndex + 1} из {runner.tasks.length}: {entry.task.name}
        </Typography>
        {speaking ? (
          <Chip
            color="error"
            icon={<FiberManualRecord />}
            label="Идет запись ответа"
            data-testid="phase-speaking"
          />
        ) : (
          <Chip color="primary" variant="outlined" label="Подготовка" data-testid="phase-preparing" />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <LinearProgress
          variant="determinate"
          value={fraction * 100}
          color={speaking ? 'error' : 'primary'}
          aria-label={speaking ? 'Время ответа' : 'Время подготовки'}
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
