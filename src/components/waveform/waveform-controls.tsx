import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDuration } from '@/shared/format';
import type { WavesurferActions, WavesurferView } from './use-wavesurfer';

export const PLAYBACK_SPEEDS = [1, 1.5, 2] as const;

/** Stop, play/pause, the optional speed cycle 1 → 1.5 → 2, mute, and the time. */
export function WaveformControls({
  view,
  actions,
  speedControl,
}: {
  view: WavesurferView;
  actions: WavesurferActions;
  speedControl: boolean;
}) {
  const { playing, time, total } = view;
  const [muted, setMuted] = useState(false);
  const [speedIndex, setSpeedIndex] = useState(0);

  const toggleMute = () => {
    const next = !muted;
    actions.setMuted(next);
    setMuted(next);
  };
  const cycleSpeed = () => {
    const next = (speedIndex + 1) % PLAYBACK_SPEEDS.length;
    actions.setPlaybackRate(PLAYBACK_SPEEDS[next]);
    setSpeedIndex(next);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
      <IconButton aria-label="Стоп" onClick={actions.stop}>
        <StopIcon />
      </IconButton>
      <IconButton aria-label={playing ? 'Пауза' : 'Воспроизвести'} onClick={actions.playPause}>
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      {speedControl && (
        <Button
          size="small"
          variant="outlined"
          // The visible '1X' is part of the name (WCAG 2.5.3, label in name).
          aria-label={`Скорость воспроизведения ${PLAYBACK_SPEEDS[speedIndex]}X`}
          onClick={cycleSpeed}
        >
          {`${PLAYBACK_SPEEDS[speedIndex]}X`}
        </Button>
      )}
      <IconButton aria-label={muted ? 'Включить звук' : 'Выключить звук'} onClick={toggleMute}>
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="waveform-time">
        {formatDuration(time)} / {formatDuration(total)}
      </Typography>
    </Box>
  );
}
