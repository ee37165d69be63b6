import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatDuration } from '@/shared/format';
import type { AnswerMarker } from './answer-markers';

/**
 * The answer markers as buttons under the waveform: the way to them by keyboard and screen
 * reader (the waveform is one image to them), and a bigger target than a line on a phone.
 */
export function MarkerButtons({
  markers,
  onJump,
}: {
  markers: readonly AnswerMarker[];
  onJump: (marker: AnswerMarker) => void;
}) {
  return (
    <Box
      role="group"
      aria-label="Начала ответов"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}
      data-testid="marker-buttons"
    >
      {markers.map((m) => (
        <Button
          key={m.id}
          size="small"
          variant={m.question === null ? 'outlined' : 'text'}
          aria-label={m.name}
          title={`${m.name} · ${formatDuration(m.start)}`}
          onClick={() => onJump(m)}
        >
          {m.label}
        </Button>
      ))}
    </Box>
  );
}
