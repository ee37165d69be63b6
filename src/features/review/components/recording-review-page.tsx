import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { answerMarkers } from '@/components/waveform/answer-markers';
import { ModelAnswers } from '@/components/recording/model-answers';
import { CommentList, RecordingMissing, RecordingPage } from '@/components/recording/recording-page';
import { useCommentMarks } from '@/components/waveform/use-comment-marks';
import {
  type AnswerMarker,
  type WaveformHandle,
  WaveformPlayer,
} from '@/components/waveform/waveform-player';
import { formatDateTime, formatDuration } from '@/shared/format';
import { useOfflineMedia } from '@/lib/offline-media';
import { enqueueCommentOp, pendingCommentOpsOf } from '../api/comment-ops';
import { enqueueVoiceOp, pendingVoiceOf, pendingVoiceOpsOf } from '../api/voice-ops';
import { usePendingItems } from '@/lib/use-device-sync';
import { useRecording } from '../api/get-recording';
import { mergeComments, type ShownComment } from '../model/merge-comments';
import { MAIN_REGION_MIN_LENGTH, newCommentRegion } from '../model/comment-rules';
import { CommentComposer } from './comment-composer';
import { CommentEditRow } from './comment-edit-row';
import { CommentRow, type ShownVoice } from './comment-row';
import type { RecordedVoice } from './voice-recorder';
import { GradePanel, gradeTaskElementId } from './grade-panel';

const RouterLink = createLink(Link);

const commentKey = (c: ShownComment) => c.key;

/**
 * A marker of task N (or of one of its questions), which the player now plays from, brings
 * task N's grade into view and focus.
 */
function showTaskGrade(marker: AnswerMarker) {
  const panel = document.getElementById(gradeTaskElementId(marker.task));
  panel?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  panel?.focus({ preventScroll: true });
}

/**
 * The teacher's review of one recording: the waveform with its main region, the comment
 * composer and list, and beside them the grade by the tasks' criteria.
 */
export function RecordingReviewPage({ recordingId }: { recordingId: number }) {
  const { data: audio, isError } = useRecording(recordingId);
  const pendingItems = usePendingItems('comment');
  const pending = useMemo(
    () => (pendingItems ? pendingCommentOpsOf(pendingItems, recordingId) : undefined),
    [pendingItems, recordingId],
  );
  const pendingVoiceItems = usePendingItems('voice');
  const pendingVoices = useMemo(
    () => (pendingVoiceItems ? pendingVoiceOpsOf(pendingVoiceItems, recordingId) : []),
    [pendingVoiceItems, recordingId],
  );
  // A voice recorded here plays from the device until the server has it.
  const pendingUrls = useMemo(
    () =>
      new Map(
        pendingVoices.flatMap((op) => (op.op === 'put' ? [[op.blob, URL.createObjectURL(op.blob)]] : [])),
      ),
    [pendingVoices],
  );
  useEffect(() => () => pendingUrls.forEach((url) => URL.revokeObjectURL(url)), [pendingUrls]);
  const [region, setRegion] = useState<{ start: number; end: number } | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);

  const comments = useMemo(
    () => (audio ? mergeComments(audio.comments, pending ?? []) : []),
    [audio, pending],
  );
  const { marks, isShown, show, hide } = useCommentMarks(comments, commentKey);
  const player = useRef<WaveformHandle>(null);
  const markers = useMemo(
    () => (audio ? answerMarkers(audio.taskStarts, audio.questionStarts) : []),
    [audio],
  );
  // Reviewing at home goes on offline: the recording is kept on the device after one visit.
  useOfflineMedia(audio?.access);

  if (!audio) return <RecordingMissing isError={isError} />;

  const duration = audio.duration;
  // A new comment's region starts at the playhead: at the start on a page just opened.
  const main = region ?? newCommentRegion(0, duration);
  const regionAtPlayhead = () => setRegion(newCommentRegion(player.current?.currentTime() ?? 0, duration));

  const voiceOf = (c: ShownComment): ShownVoice | null => {
    const waiting = pendingVoiceOf(
      pendingVoices,
      'id' in c.ref ? { id: c.ref.id } : { clientId: c.ref.clientId },
    );
    if (waiting) {
      if (waiting.op === 'remove') return null;
      const src = pendingUrls.get(waiting.blob);
      return src ? { src, duration: waiting.duration, pending: true } : null;
    }
    const own = 'id' in c.ref ? audio.comments.find((s) => s.id === (c.ref as { id: number }).id) : undefined;
    return own?.voice ? { src: own.voice.access, duration: own.voice.duration, pending: false } : null;
  };
  const saveVoice = (c: ShownComment, voice: RecordedVoice) =>
    void enqueueVoiceOp({ op: 'put', audioId: recordingId, target: c.ref, ...voice });
  const removeVoice = (c: ShownComment) =>
    void enqueueVoiceOp({ op: 'remove', audioId: recordingId, target: c.ref });

  const remove = async (c: ShownComment) => {
    await enqueueCommentOp({ op: 'delete', audioId: recordingId, target: c.ref });
    hide(c.key);
  };

  return (
    <RecordingPage
      name={audio.name}
      variant={audio.variant}
      flags={audio}
      renderTaskTitle={(vt) => (
        <RouterLink to="/teacher/tasks/$id" params={{ id: vt.task.id }}>
          {vt.task.name}
        </RouterLink>
      )}
      about={
        <>
          {audio.student.surname} {audio.student.name} {audio.student.patronymic} ·{' '}
          <RouterLink to="/teacher/exams/$id" params={{ id: audio.exam.id }}>
            {audio.exam.name}
          </RouterLink>{' '}
          · {formatDateTime(audio.date)} · {formatDuration(duration)}
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <WaveformPlayer
            src={audio.access}
            peaks={audio.peaks}
            duration={duration}
            lazy
            speedControl
            markers={markers}
            onMarkerClick={showTaskGrade}
            controlRef={player}
            marks={marks}
            onMarkRemove={hide}
            editableRegion={{
              ...main,
              minLength: MAIN_REGION_MIN_LENGTH,
              onChange: (start, end) => setRegion({ start, end }),
            }}
          />
          <CommentComposer
            audioId={recordingId}
            duration={duration}
            span={main}
            onFromPlayhead={regionAtPlayhead}
            onAdded={regionAtPlayhead}
          />
          <CommentList title="Комментарии" empty={comments.length === 0}>
            {comments.map((c) =>
              editingKey === c.key ? (
                <CommentEditRow
                  key={c.key}
                  comment={c}
                  audioId={recordingId}
                  duration={duration}
                  onDone={() => setEditingKey(null)}
                />
              ) : (
                <CommentRow
                  key={c.key}
                  comment={c}
                  shown={isShown(c.key)}
                  editDisabled={editingKey !== null}
                  onShow={() => show(c.key)}
                  onEdit={() => setEditingKey(c.key)}
                  onRemove={() => void remove(c)}
                  voice={voiceOf(c)}
                  onVoice={(v) => saveVoice(c, v)}
                  onVoiceRemove={() => removeVoice(c)}
                />
              ),
            )}
          </CommentList>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <GradePanel
            audioId={recordingId}
            starts={audio}
            onPlayFrom={(seconds) => player.current?.playFrom(seconds)}
          />
          {/* What the teacher hoped to hear, beside the grade. */}
          <ModelAnswers variant={audio.variant} />
        </Box>
      </Box>
    </RecordingPage>
  );
}
