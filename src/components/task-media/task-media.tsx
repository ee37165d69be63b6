import AudioFileIcon from '@mui/icons-material/AudioFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FileDto } from '@/shared/contract/teacher';
import { WaveformPlayer } from '../waveform/waveform-player';

/** Audio files are told apart by their media type. */
export const isAudioFile = (file: { type: string }) => file.type.startsWith('audio');

/**
 * A task's files: images shown, audio files as buttons; the chosen audio file loads and plays at
 * once in the waveform player under the list.
 */
export function TaskMedia({
  files,
  playingId,
  onPlay,
}: {
  files: FileDto[];
  /** The audio file now in the player (one per screen). */
  playingId: number | null;
  onPlay: (file: FileDto) => void;
}) {
  const images = files.filter((f) => !isAudioFile(f));
  const audios = files.filter(isAudioFile);
  const playing = audios.find((f) => f.id === playingId);
  if (files.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {images.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {images.map((file) => (
            <Box
              key={file.id}
              component="img"
              src={file.access}
              alt={file.name}
              loading="lazy"
              sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          ))}
        </Box>
      )}
      {audios.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {audios.map((file) => (
            <Button
              key={file.id}
              variant={file.id === playingId ? 'contained' : 'outlined'}
              startIcon={<AudioFileIcon />}
              aria-label={`Прослушать ${file.name}`}
              aria-pressed={file.id === playingId}
              onClick={() => onPlay(file)}
              sx={{ textTransform: 'none' }}
            >
              {file.name}
            </Button>
          ))}
        </Box>
      )}
      {playing && <WaveformPlayer key={playing.id} src={playing.access} autoPlay title={playing.name} />}
    </Stack>
  );
}
