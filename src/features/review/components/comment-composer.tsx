import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { COMMENT_MAX_LENGTH } from '@/shared/contract/review';
import { formatDuration } from '@/shared/format';
import { useNotify } from '@/lib/notify';
import { enqueueCommentOp, newCommentClientId } from '../api/comment-ops';
import { enqueueVoiceOp } from '../api/voice-ops';
import { commentDraftError, roundWithin } from '../model/comment-rules';
import { type RecordedVoice, type VoiceDevices, VoiceRecorder } from './voice-recorder';

/** The text a comment spoken without words carries (the server requires one). */
export const VOICE_ONLY_TEXT = 'Голосовой комментарий';

export const FROM_PLAYHEAD_TEXT = 'Комментарий с этого места';
export const STRETCH_HINT = 'Потяните за края области, чтобы изменить ее длину';

/**
 * Writes a new comment on the main region's span and queues it (it works offline); places the
 * region at the playhead on request ('Комментарий с этого места'), and says how to stretch it.
 * `onAdded` is told once a comment is queued (the next one starts at the playhead).
 */
export function CommentComposer({
  audioId,
  duration,
  span,
  onFromPlayhead,
  onAdded,
  voiceDevices,
}: {
  audioId: number;
  duration: number;
  span: { start: number; end: number };
  onFromPlayhead: () => void;
  onAdded: () => void;
  voiceDevices?: VoiceDevices;
}) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<RecordedVoice | null>(null);

  const add = async () => {
    // A spoken comment needs no words; the server still wants a text.
    const comment = text.trim() || (voice ? VOICE_ONLY_TEXT : '');
    const error = commentDraftError({ ...span, comment }, duration);
    if (error) {
      notify.error(error);
      return;
    }
    const clientId = newCommentClientId();
    await enqueueCommentOp({
      op: 'create',
      audioId,
      clientId,
      start: roundWithin(span.start, duration),
      end: roundWithin(span.end, duration),
      comment,
    });
    // Queued after the creation, in the same order: it goes once the comment exists.
    if (voice) await enqueueVoiceOp({ op: 'put', audioId, target: { clientId }, ...voice });
    setText('');
    setVoice(null);
    onAdded();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="comment-creator">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography
          sx={{ minWidth: 140, fontVariantNumeric: 'tabular-nums' }}
          data-testid="main-region-times"
        >
          {formatDuration(roundWithin(span.start, duration))} –{' '}
          {formatDuration(roundWithin(span.end, duration))}
        </Typography>
        <TextField
          label="Комментарий"
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          maxRows={6}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
        <Button variant="contained" onClick={() => void add()}>
          Добавить
        </Button>
      </Stack>
      <Stack
        direction="row"
        useFlexGap
        sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
      >
        <Button size="small" variant="outlined" startIcon={<PlaceOutlined />} onClick={onFromPlayhead}>
          {FROM_PLAYHEAD_TEXT}
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="main-region-hint">
          {STRETCH_HINT}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        useFlexGap
        sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
        data-testid="composer-voice"
      >
        {voice ? (
          <>
            <Typography variant="body2">
              {VOICE_ONLY_TEXT}, {formatDuration(voice.duration)}
            </Typography>
            <Button size="small" onClick={() => setVoice(null)}>
              Убрать голос
            </Button>
          </>
        ) : null}
        <VoiceRecorder
          onKeep={setVoice}
          {...(voiceDevices ? { devices: voiceDevices } : {})}
          {...(voice ? { recordLabel: 'Перезаписать голос' } : {})}
        />
      </Stack>
    </Paper>
  );
}
