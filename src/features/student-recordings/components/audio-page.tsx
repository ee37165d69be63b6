import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/layout/page';
import { VariantOverlay } from '../../../components/variant-overlay';
import { WaveformPlayer, type WaveformMark } from '../../../components/waveform/waveform-player';
import { formatDateTime, formatDuration } from '../../../shared/format';
import { useAudio } from '../api/get-audio';

/** The student's recording: player with task markers, the teacher's comments, the variant. */
export function AudioPage({ audioId }: { audioId: number }) {
  const { data: audio, isError } = useAudio(audioId);
  const [marked, setMarked] = useState<number[]>([]);
  const [variantOpen, setVariantOpen] = useState(false);
  const marks = useMemo<WaveformMark[]>(
    () =>
      (audio?.comments ?? [])
        .filter((c) => marked.includes(c.id))
        .map((c) => ({ id: String(c.id), start: c.start, end: c.end })),
    [audio, marked],
  );

  if (!audio) {
    return (
      <Page title="Аудиозапись">
        {isError ? (
          <Alert severity="error">Аудиозапись не найдена</Alert>
        ) : (
          <CircularProgress aria-label="Загрузка" />
        )}
      </Page>
    );
  }

  return (
    <Page
      title={audio.name}
      actions={
        audio.variant && (
          <Button variant="outlined" onClick={() => setVariantOpen(true)}>
            Посмотреть вариант
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {formatDateTime(audio.date)} · {formatDuration(audio.duration)}
      </Typography>
      <WaveformPlayer
        src={audio.access}
        peaks={audio.peaks}
        duration={audio.duration}
        lazy
        speedControl
        markers={audio.taskStarts}
        marks={marks}
        onMarkRemove={(id) => setMarked((m) => m.filter((x) => String(x) !== id))}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Комментарии учителя
      </Typography>
      {audio.comments.length === 0 ? (
        <Typography color="text.secondary">Ничего не найдено</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Комментарии учителя">
            {audio.comments.map((c) => (
              <ListItem key={c.id} divider alignItems="flex-start">
                <Box sx={{ minWidth: 130 }}>
                  <Button
                    size="small"
                    variant={marked.includes(c.id) ? 'contained' : 'outlined'}
                    aria-label={`Отметить фрагмент ${formatDuration(c.start)} – ${formatDuration(c.end)}`}
                    onClick={() => setMarked((m) => (m.includes(c.id) ? m : [...m, c.id]))}
                  >
                    {formatDuration(c.start)} – {formatDuration(c.end)}
                  </Button>
                </Box>
                <ListItemText primary={c.comment} sx={{ whiteSpace: 'pre-wrap', m: 0 }} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {audio.variant && (
        <VariantOverlay variant={audio.variant} open={variantOpen} onClose={() => setVariantOpen(false)} />
      )}
    </Page>
  );
}
