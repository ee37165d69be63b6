import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { COMMENT_MAX_LENGTH } from '@/shared/contract/review';
import { useNotify } from '@/lib/notify';
import { enqueueCommentOp } from '../api/comment-ops';
import { commentDraftError } from '../model/comment-rules';
import type { ShownComment } from '../model/merge-comments';

/** Edits a comment in place: its span in seconds and its text; the change is queued. */
export function CommentEditRow({
  comment,
  audioId,
  duration,
  onDone,
}: {
  comment: ShownComment;
  audioId: number;
  duration: number;
  onDone: () => void;
}) {
  const notify = useNotify();
  const [draft, setDraft] = useState({
    start: String(comment.start),
    end: String(comment.end),
    comment: comment.comment,
  });

  const confirm = async () => {
    const start = Number(draft.start);
    const end = Number(draft.end);
    const error = commentDraftError({ start, end, comment: draft.comment }, duration);
    if (error) {
      notify.error(error);
      return;
    }
    await enqueueCommentOp({
      op: 'update',
      audioId,
      target: comment.ref,
      start,
      end,
      comment: draft.comment.trim(),
    });
    onDone();
  };

  return (
    <ListItem divider sx={{ gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label="Начало, с"
        type="number"
        size="small"
        value={draft.start}
        onChange={(e) => setDraft({ ...draft, start: e.target.value })}
        sx={{ width: 110 }}
        slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
      />
      <TextField
        label="Конец, с"
        type="number"
        size="small"
        value={draft.end}
        onChange={(e) => setDraft({ ...draft, end: e.target.value })}
        sx={{ width: 110 }}
        slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
      />
      <TextField
        label="Комментарий"
        size="small"
        value={draft.comment}
        onChange={(e) => setDraft({ ...draft, comment: e.target.value })}
        sx={{ flex: 1, minWidth: 200 }}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
      />
      <IconButton aria-label="Сохранить изменения" onClick={() => void confirm()}>
        <CheckIcon />
      </IconButton>
      <IconButton aria-label="Отменить изменения" onClick={onDone}>
        <CloseIcon />
      </IconButton>
    </ListItem>
  );
}
