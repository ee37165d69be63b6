import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { CommentList, RecordingMissing, RecordingPage } from '../../../components/recording/recording-page';
import { useCommentMarks } from '../../../components/waveform/use-comment-marks';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { COMMENT_MAX_LENGTH } from '../../../shared/contract/review';
import { formatDateTime, formatDuration } from '../../../shared/format';
import { useNotify } from '../../../lib/notify';
import { useOfflineMedia } from '../../../lib/offline-media';
import { enqueueCommentOp, newCommentClientId, usePendingCommentOps } from '../api/comment-ops';
import { useRecording } from '../api/get-recording';
import { mergeComments, type ShownComment } from '../model/merge-comments';
import { commentSpanError, MAIN_REGION_MIN_LENGTH, initialMainRegion } from '../model/comment-rules';

const RouterLink = createLink(Link);

/** Tenths of a second, never past the end of the recording (the server checks end ≤ duration). */
const roundWithin = (v: number, duration: number) => Math.min(duration, Math.max(0, Math.round(v * 10) / 10));

const commentKey = (c: ShownComment) => c.key;

/** The teacher's review of one recording: waveform with the main region, comments, variant. */
export function RecordingReviewPage({ audioId }: { audioId: number }) {
  const { data: audio, isError } = useRecording(audioId);
  const pending = usePendingCommentOps(audioId);
  const notify = useNotify();
  const [region, setRegion] = useState<{ start: number; end: number } | null>(null);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ key: string; start: string; end: string; comment: string } | null>(
    null,
  );

  const comments = useMemo(
    () => (audio ? mergeComments(audio.comments, pending.data ?? []) : []),
    [audio, pending.data],
  );
  const { marks, isShown, show, hide } = useCommentMarks(comments, commentKey);
  // Reviewing at home goes on offline: the recording is kept on the device after one visit.
  useOfflineMedia(audio?.access);

  if (!audio) return <RecordingMissing isError={isError} />;

  const duration = audio.duration;
  const main = region ?? initialMainRegion(duration);

  const add = async () => {
    const error =
      commentSpanError(main.start, main.end, duration) ??
      (text.trim() ? null : 'Комментарий: обязательное поле');
    if (error) {
      notify.error(error);
      return;
    }
    await enqueueCommentOp({
      op: 'create',
      audioId,
      clientId: newCommentClientId(),
      start: roundWithin(main.start, duration),
      end: roundWithin(main.end, duration),
      comment: text.trim(),
    });
    setText('');
  };

  const confirmEdit = async (c: ShownComment) => {
    if (!editing) return;
    const start = Number(editing.start);
    const end = Number(editing.end);
    const error =
      commentSpanError(start, end, duration) ??
      (editing.comment.trim() ? null : 'Комментарий: обязательное поле');
    if (error) {
      notify.error(error);
      return;
    }
    await enqueueCommentOp({
      op: 'update',
      audioId,
      target: c.ref,
      start,
      end,
      comment: editing.comment.trim(),
    });
    setEditing(null);
  };

  const remove = async (c: ShownComment) => {
    await enqueueCommentOp({ op: 'delete', audioId, target: c.ref });
    hide(c.key);
  };

  return (
    <RecordingPage
      name={audio.name}
      variant={audio.variant}
      renderTaskTitle={(vt) => (
        <RouterLink to="/teacher/tasks/$id" params={{ id: vt.task.id }}>
          {vt.task.name}
        </RouterLink>
      )}
      about={
        <>
          {audio.student.surname} {audio.student.name} {audio.student.patronymic} ·{' '}
          <RouterLink to="/teacher/exams/$id" params={{ id: String(audio.exam.id) }}>
            {audio.exam.name}
          </RouterLink>{' '}
          · {formatDateTime(audio.date)} · {formatDuration(duration)}
        </>
      }
    >
      <WaveformPlayer
        src={audio.access}
        peaks={audio.peaks}
        duration={duration}
        lazy
        speedControl
        markers={audio.taskStarts}
        marks={marks}
        onMarkRemove={hide}
        editableRegion={{
          ...main,
          minLength: MAIN_REGION_MIN_LENGTH,
          onChange: (start, end) => setRegion({ start, end }),
        }}
      />
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="comment-creator">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography
            sx={{ minWidth: 140, fontVariantNumeric: 'tabular-nums' }}
            data-testid="main-region-times"
          >
            {formatDuration(roundWithin(main.start, duration))} –{' '}
            {formatDuration(roundWithin(main.end, duration))}
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
      <CommentList title="Комментарии" empty={comments.length === 0}>
        {comments.map((c) =>
          editing?.key === c.key ? (
            <ListItem key={c.key} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
              <TextField
                label="Начало, с"
                type="number"
                size="small"
                value={editing.start}
                onChange={(e) => setEditing({ ...editing, start: e.target.value })}
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
              />
              <TextField
                label="Конец, с"
                type="number"
                size="small"
                value={editing.end}
                onChange={(e) => setEditing({ ...editing, end: e.target.value })}
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
              />
              <TextField
                label="Комментарий"
                size="small"
                value={editing.comment}
                onChange={(e) => setEditing({ ...editing, comment: e.target.value })}
                sx={{ flex: 1, minWidth: 200 }}
                slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
              />
              <IconButton aria-label="Сохранить изменения" onClick={() => void confirmEdit(c)}>
                <CheckIcon />
              </IconButton>
              <IconButton aria-label="Отменить изменения" onClick={() => setEditing(null)}>
                <CloseIcon />
              </IconButton>
            </ListItem>
          ) : (
            <ListItem key={c.key} divider sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant={isShown(c.key) ? 'contained' : 'outlined'}
                aria-label={`Показать фрагмент ${formatDuration(c.start)} – ${formatDuration(c.end)}`}
                onClick={() => show(c.key)}
                sx={{ minWidth: 120 }}
              >
                {formatDuration(c.start)} – {formatDuration(c.end)}
              </Button>
              {/* On a narrow screen the text takes a line of its own under the time and actions. */}
              <Box
                sx={{
                  flex: { xs: '1 1 100%', sm: 1 },
                  order: { xs: 1, sm: 0 },
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  pt: { sm: 0.5 },
                }}
              >
                {c.comment}
              </Box>
              {c.pending && <Chip size="small" label="Не отправлено" sx={{ ml: { xs: 'auto', sm: 0 } }} />}
              <IconButton
                sx={{ ml: { xs: c.pending ? 0 : 'auto', sm: 0 } }}
                aria-label="Изменить комментарий"
                disabled={editing !== null}
                onClick={() =>
                  setEditing({
                    key: c.key,
                    start: String(c.start),
                    end: String(c.end),
                    comment: c.comment,
                  })
                }
              >
                <EditOutlined />
              </IconButton>
              <IconButton aria-label="Удалить комментарий" onClick={() => void remove(c)}>
                <DeleteOutlined />
              </IconButton>
            </ListItem>
          ),
        )}
      </CommentList>
    </RecordingPage>
  );
}
