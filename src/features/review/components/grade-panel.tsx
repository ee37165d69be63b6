import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { RecordingScores, TaskScores } from '@/shared/contract/grading';
import { formatDuration, formatScore } from '@/shared/format';
import { usePendingItems } from '@/lib/use-device-sync';
import { enqueueGrade, type GradeOp, pendingGradeOf } from '../api/grade-send';
import { useScores } from '../api/get-scores';
import { scoresWithPoints, viewWithScores } from '../model/grade-view';

const RouterLink = createLink(Link);

/** The id of a task's panel: the waveform's task markers scroll to it. */
export const gradeTaskElementId = (position: number) => `grade-task-${position}`;

const NOT_SCORED = '';

/** Where the answers begin in the recording (seconds), as its detail gives them. */
export interface AnswerStarts {
  taskStarts: number[];
  /** Per task, where each question's answer window began; [] (or absent) without questions. */
  questionStarts?: number[][];
}

/** 'Слушать с начала' of a task and, for a task with questions, a button per question's answer. */
function TaskListening({
  start,
  questionStarts,
  onPlayFrom,
}: {
  start: number;
  questionStarts: number[];
  onPlayFrom: (seconds: number) => void;
}) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PlayArrowIcon />}
        title={formatDuration(start)}
        onClick={() => onPlayFrom(start)}
      >
        Слушать с начала
      </Button>
      {questionStarts.length > 0 && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {questionStarts.map((qStart, i) => (
            <Button key={i} size="small" title={formatDuration(qStart)} onClick={() => onPlayFrom(qStart)}>
              Вопрос {i + 1}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TaskGrade({
  task,
  starts,
  onPlayFrom,
  onPoints,
}: {
  task: TaskScores;
  starts: AnswerStarts | undefined;
  onPlayFrom: ((seconds: number) => void) | undefined;
  onPoints: (criterion: number, points: number | null) => void;
}) {
  const start = starts?.taskStarts[task.position - 1];
  const headingId = `${gradeTaskElementId(task.position)}-title`;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, scrollMarginTop: 80 }}
      component="section"
      id={gradeTaskElementId(task.position)}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Задание {task.position}. {task.taskName}
      </Typography>
      {onPlayFrom && start !== undefined && (
        <TaskListening
          start={start}
          questionStarts={starts?.questionStarts?.[task.position - 1] ?? []}
          onPlayFrom={onPlayFrom}
        />
      )}
      {task.criteria.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Задание не оценивается: у него нет критериев.{' '}
          <RouterLink to="/teacher/tasks/$id" params={{ id: task.taskId }}>
            Добавить критерии
          </RouterLink>
        </Typography>
      ) : (
        <Stack spacing={1}>
          {task.criteria.map((c, i) => (
            <TextField
              key={i}
              select
              size="small"
              label={`${c.name} (0–${c.maxPoints})`}
              value={c.points === null ? NOT_SCORED : String(c.points)}
              onChange={(e) => onPoints(i, e.target.value === NOT_SCORED ? null : Number(e.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NOT_SCORED}>—</option>
              {Array.from({ length: c.maxPoints + 1 }, (_, p) => (
                <option key={p} value={String(p)}>
                  {p}
                </option>
              ))}
            </TextField>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function SaveState({
  view,
  pending,
  blocked,
}: {
  view: RecordingScores;
  pending: boolean;
  blocked: boolean;
}) {
  if (blocked) return <Chip size="small" color="error" label="Не принято сервером" />;
  if (pending) return <Chip size="small" color="warning" label="Ждет отправки" />;
  if (view.gradedAt) return <Chip size="small" color="success" label="Сохранено" />;
  return <Chip size="small" label="Не оценено" />;
}

/**
 * The grade of a recording by its tasks' criteria: each change goes through the outbox (it
 * works offline), and the panel shows the newest grade, sent or not, with its running total.
 * Given the answers' `starts` and `onPlayFrom`, each task offers to listen to its answer from
 * the start, and to each of its questions' answers.
 */
export function GradePanel({
  audioId,
  starts,
  onPlayFrom,
}: {
  audioId: number;
  starts?: AnswerStarts;
  onPlayFrom?: (seconds: number) => void;
}) {
  const { data: scores, isError } = useScores(audioId);
  const items = usePendingItems('grade');
  const pending = items && pendingGradeOf(items, audioId);
  // The change just made, until the outbox has it: a second change right after the first builds
  // on it, not on what the outbox held a moment ago. Once queued, the outbox (and then the
  // server's answer) is the truth: never compared with the server's clock, which a device's
  // clock may be hours away from, and a cleared grade (no gradedAt) is saved like any other.
  const [made, setMade] = useState<{ op: GradeOp; queued: boolean; before?: unknown } | null>(null);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  // The outbox was read again after this change was queued: it holds it, or it was sent.
  const madeShown = made && !(made.queued && made.before !== items) ? made.op : null;
  if (!scores) {
    return isError ? <Alert severity="warning">Оценки сейчас недоступны</Alert> : null;
  }
  const queued = pending?.latest ?? null;
  const latest = madeShown ?? queued;
  const view = latest ? viewWithScores(scores, latest.scores) : scores;
  const graded = view.tasks.some((t) => t.criteria.length > 0);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="grade-title" data-testid="grade-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="grade-title" variant="h6" component="h2">
          Оценка
        </Typography>
        <SaveState view={view} pending={latest !== null} blocked={pending?.blocked ?? false} />
      </Stack>
      {view.tasks.length === 0 && (
        <Typography color="text.secondary">Вариант записи удален: оценивать нечего.</Typography>
      )}
      {view.tasks.map((task) => (
        <TaskGrade
          key={task.position}
          task={task}
          starts={starts}
          onPlayFrom={onPlayFrom}
          onPoints={(criterion, points) => {
            const now = new Date();
            const next = scoresWithPoints(view, task.position, criterion, points);
            const op: GradeOp = { audioId, scores: next, clientUpdatedAt: now.toISOString() };
            setMade({ op, queued: false });
            void enqueueGrade(audioId, next, now).finally(() =>
              setMade((current) =>
                current?.op === op ? { op, queued: true, before: itemsRef.current } : current,
              ),
            );
          }}
        />
      ))}
      {graded && (
        <Typography sx={{ fontWeight: 500 }} data-testid="grade-total">
          Итого: {formatScore(view.total, view.maxTotal)}
        </Typography>
      )}
    </Stack>
  );
}
