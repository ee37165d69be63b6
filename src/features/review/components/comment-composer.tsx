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
import { commentDraftError, roundWithin } from '../model/comment-rules';

/** Writes a new comment on the main region's span and queues it (it works offline). */
export function CommentComposer({
  audioId,
  duration,
  span,
}: {
  audioId: number;
  duration: number;
  span: { start: number; end: number };
}) {
  const notify = useNotify();
  const [text, setText] = useState('');

  const add = async () => {
    const error = commentDraftError({ ...span, comment: text }, duration);
    if (error) {
      notify.error(error);
      return;
    }
    await enqueueCommentOp({
      op: 'create',
      audioId,
      clientId: newCommentClientId(),
      start: roundWithin(span.start, duration),
      end: roundWithin(span.end, duration),
      comment: text.trim(),
    });
    setText('');
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
    </Paper>
  );
}
