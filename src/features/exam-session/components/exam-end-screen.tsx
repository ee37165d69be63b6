import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { Page } from '@/components/layout/page';
import { type AnswerMarker, answerMarkers } from '@/components/waveform/answer-markers';
import { MarkerButtons } from '@/components/waveform/marker-buttons';
import type { ListenBack } from '../model/listen-back';
import { RecordingDeliveryNotice } from './recording-delivery-notice';

const EXAM_FINISHED_TITLE = 'Экзамен завершен';

/**
 * The answer as recorded, played from the device's own copy (offline too: the station's
 * listen-back), with a button per task and question that plays from where its answer began.
 */
function ListenBackPlayer({ answer }: { answer: ListenBack }) {
  const audio = useRef<HTMLAudioElement>(null);
  // The player gets the recording's address while it is shown; it is let go with the player
  // (made and let go in one place: never revoked while still playing).
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const url = URL.createObjectURL(answer.blob);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [answer.blob]);
  const markers = useMemo(
    () => answerMarkers(answer.taskStarts, answer.questionStarts),
    [answer.taskStarts, answer.questionStarts],
  );
  const jump = (marker: AnswerMarker) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = marker.start;
    // A refused play (no gesture counted) still leaves the player at the answer's start.
    void Promise.resolve(element.play()).catch(() => undefined);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="listen-back-title" sx={{ p: 2 }}>
      <Typography id="listen-back-title" variant="subtitle1" component="h2" gutterBottom>
        Ваш ответ
      </Typography>
      <Box
        component="audio"
        ref={audio}
        controls
        preload="metadata"
        aria-label="Запись ответа"
        data-testid="answer-playback"
        sx={{ width: '100%' }}
      />
      {markers.length > 0 && <MarkerButtons markers={markers} onJump={jump} />}
    </Paper>
  );
}

/**
 * After the last answer: 'Экзамен завершен', where the answer is (sent, or waiting on the device
 * for the network, as the exam page says it), the answer to listen to, and the way back.
 */
export function ExamEndScreen({
  examId,
  examName,
  answer,
  onBack,
}: {
  examId: number;
  examName: string;
  answer: ListenBack | null;
  onBack: () => void;
}) {
  return (
    <Page title={EXAM_FINISHED_TITLE}>
      <Stack spacing={2} sx={{ maxWidth: 640 }} data-testid="exam-end">
        <Typography color="text.secondary">{examName}</Typography>
        <RecordingDeliveryNotice examId={examId} spaced={false} />
        {answer ? (
          <ListenBackPlayer answer={answer} />
        ) : (
          <Typography color="text.secondary">Запись ответа не удалось открыть на этом устройстве.</Typography>
        )}
        <Box>
          <Button variant="contained" onClick={onBack}>
            К экзамену
          </Button>
        </Box>
      </Stack>
    </Page>
  );
}
