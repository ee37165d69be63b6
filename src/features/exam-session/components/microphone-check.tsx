import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMicrophoneCheck } from '../hooks/use-microphone-check';
import { MICROPHONE_HELP, type MicrophoneProblem } from '../model/microphone';
import { LevelMeter } from './level-meter';

/** Clear help for a microphone that cannot be used; `null` shows nothing. */
export function MicrophoneHelp({ problem }: { problem: MicrophoneProblem | null }) {
  if (!problem) return null;
  return (
    <Alert severity={problem === 'silent' ? 'warning' : 'error'} data-testid="microphone-help">
      {MICROPHONE_HELP[problem]}
    </Alert>
  );
}

/**
 * Before 'Начать экзамен': the student sees the microphone's level and may record three
 * seconds and listen to them.
 */
export function MicrophoneCheck() {
  const check = useMicrophoneCheck();
  const open = check.status === 'listening' || check.status === 'recording';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mic-check-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="mic-check-title" variant="subtitle1" component="h2">
          Проверка микрофона
        </Typography>
        {check.problem !== 'insecure' && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              onClick={() => void check.open()}
              loading={check.status === 'opening'}
              disabled={check.status === 'recording'}
            >
              Проверить микрофон
            </Button>
            {open && (
              <Button
                variant="outlined"
                onClick={() => void check.recordSample()}
                loading={check.status === 'recording'}
                loadingPosition="start"
              >
                {check.status === 'recording' ? 'Идет запись 3 секунды…' : 'Записать 3 секунды'}
              </Button>
            )}
          </Box>
        )}
        {open && <LevelMeter read={check.readLevel} />}
        {check.sampleUrl && (
          <Box>
            <Typography variant="body2" gutterBottom>
              Прослушайте проверочную запись:
            </Typography>
            <audio
              src={check.sampleUrl}
              controls
              preload="auto"
              aria-label="Проверочная запись"
              data-testid="mic-sample"
            />
          </Box>
        )}
        <MicrophoneHelp problem={check.problem} />
      </Stack>
    </Paper>
  );
}
