import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Mic from '@mui/icons-material/Mic';
import { useEffect, useState } from 'react';

/** How often the meter reads the level: smooth enough to see speech, cheap on a Chromebook. */
const METER_INTERVAL_MS = 100;

/**
 * A live microphone level, so the student sees that the microphone hears them. `read` answers
 * the current peak (0..1); the bar uses its square root, closer to how loud it sounds.
 */
export function LevelMeter({ read, label = 'Уровень микрофона' }: { read: () => number; label?: string }) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setLevel(read()), METER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [read]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      <Mic fontSize="small" color={level > 0.02 ? 'success' : 'disabled'} aria-hidden />
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.sqrt(level) * 100)}
        color="success"
        aria-label={label}
        data-testid="level-meter"
        sx={{ flex: 1, height: 8, borderRadius: 4, '& .MuiLinearProgress-bar': { transition: 'none' } }}
      />
    </Box>
  );
}
