import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import { useMemo } from 'react';
import { CommentList, RecordingMissing, RecordingPage } from '@/components/recording/recording-page';
import { ModelAnswers } from '@/components/recording/model-answers';
import { VoicePlayButton } from '@/components/recording/voice-play-button';
import { answerMarkers } from '@/components/waveform/answer-markers';
import { useCommentMarks } from '@/components/waveform/use-comment-marks';
import { WaveformPlayer } from '@/components/waveform/waveform-player';
import { formatDateTime, formatDuration } from '@/shared/format';
import { useOwnRecording } from '../api/get-own-recording';
import { RecordingGrade } from './recording-grade';
import { CommentText } from '@/components/recording/comment-text';

const commentKey = (c: { id: number }) => String(c.id);

/**
 * The student's recording: player with the markers of the tasks and their questions, the
 * teacher's comments, the variant.
 */
export function OwnRecordingPage({ recordingId }: { recordingId: number }) {
  const { data: recording, isError } = useOwnRecording(recordingId);
  const { marks, isShown, show, hide } = useCommentMarks(recording?.comments ?? [], commentKey);
  const markers = useMemo(
    () => (recording ? answerMarkers(recording.taskStarts, recording.questionStarts) : []),
    [recording],
  );

  if (!recording) return <RecordingMissing isError={isError} />;

  return (
    <RecordingPage
      name={recording.name}
      variant={recording.variant}
      flags={recording}
      about={
        <>
          {formatDateTime(recording.date)} · {formatDuration(recording.duration)}
        </>
      }
    >
      <WaveformPlayer
        src={recording.access}
        peaks={recording.peaks}
        duration={recording.duration}
        lazy
        speedControl
        markers={markers}
        marks={marks}
        onMarkRemove={hide}
      />
      <RecordingGrade recordingId={recordingId} />
      {/* The model answers are the student's once the recording is checked, never before. */}
      {recording.checked && <ModelAnswers variant={recording.variant} />}
      <CommentList title="Комментарии учителя" empty={recording.comments.length === 0}>
        {recording.comments.map((c) => (
          <ListItem
            key={c.id}
            divider
            sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', px: { xs: 1, sm: 2 } }}
          >
            <Button
              size="small"
              variant={isShown(commentKey(c)) ? 'contained' : 'outlined'}
              aria-label={`Отметить фрагмент ${formatDuration(c.start)} – ${formatDuration(c.end)}`}
              onClick={() => show(commentKey(c))}
              sx={{ minWidth: 120 }}
            >
              {formatDuration(c.start)} – {formatDuration(c.end)}
            </Button>
            <CommentText text={c.comment} />
            {/* The teacher's spoken comment: playing it marks its region, as the time button does. */}
            {c.voice && (
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 'auto', sm: 0 } }}
                data-testid="comment-voice"
              >
                <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                  {formatDuration(c.voice.duration)}
                </Box>
                <VoicePlayButton src={c.voice.access} onPlay={() => show(commentKey(c))} />
              </Box>
            )}
          </ListItem>
        ))}
      </CommentList>
    </RecordingPage>
  );
}
