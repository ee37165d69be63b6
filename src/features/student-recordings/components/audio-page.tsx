import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { CommentList, RecordingMissing, RecordingPage } from '../../../components/recording/recording-page';
import { useCommentMarks } from '../../../components/waveform/use-comment-marks';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { formatDateTime, formatDuration } from '../../../shared/format';
import { useAudio } from '../api/get-audio';

const commentKey = (c: { id: number }) => String(c.id);

/** The student's recording: player with task markers, the teacher's comments, the variant. */
export function AudioPage({ audioId }: { audioId: number }) {
  const { data: audio, isError } = useAudio(audioId);
  const { marks, isShown, show, hide } = useCommentMarks(audio?.comments ?? [], commentKey);

  if (!audio) return <RecordingMissing isError={isError} />;

  return (
    <RecordingPage
      name={audio.name}
      variant={audio.variant}
      about={
        <>
          {formatDateTime(audio.date)} · {formatDuration(audio.duration)}
        </>
      }
    >
      <WaveformPlayer
        src={audio.access}
        peaks={audio.peaks}
        duration={audio.duration}
        lazy
        speedControl
        markers={audio.taskStarts}
        marks={marks}
        onMarkRemove={hide}
      />
      <CommentList title="Комментарии учителя" empty={audio.comments.length === 0}>
        {audio.comments.map((c) => (
          <ListItem key={c.id} divider alignItems="flex-start">
            <Box sx={{ minWidth: 130 }}>
              <Button
                size="small"
                variant={isShown(commentKey(c)) ? 'contained' : 'outlined'}
                aria-label={`Отметить фрагмент ${formatDuration(c.start)} – ${formatDuration(c.end)}`}
                onClick={() => show(commentKey(c))}
              >
                {formatDuration(c.start)} – {formatDuration(c.end)}
              </Button>
            </Box>
            <ListItemText primary={c.comment} sx={{ whiteSpace: 'pre-wrap', m: 0 }} />
          </ListItem>
        ))}
      </CommentList>
    </RecordingPage>
  );
}
