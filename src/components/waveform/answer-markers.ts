/** Every marker's region id starts so: marks and the main region tell markers apart by it. */
export const MARKER_PREFIX = 'marker-';

/**
 * A point of a recording the player marks: where a task's answer began, or one of its questions'
 * answer windows.
 */
export interface AnswerMarker {
  /** The region's id: `marker-<task>` or `marker-<task>-<question>` (both from 0). */
  id: string;
  /** Seconds into the recording. */
  start: number;
  /** The task, from 1. */
  task: number;
  /** The question of the task, from 1; null for the task's own marker. */
  question: number | null;
  /** What the marker shows: «Задание 2», or «2.3» for a question. */
  label: string;
  /** What it is called aloud: «Задание 2», or «Задание 2, вопрос 3». */
  name: string;
}

const usable = (s: number | undefined): s is number => typeof s === 'number' && Number.isFinite(s) && s >= 0;

/**
 * The markers of a recording, task by task: the task's own marker (at its start in `taskStarts`),
 * then one per question (at its start in `questionStarts`, per task). A start that is missing or
 * not a time is left out; the others keep their numbers.
 */
export function answerMarkers(
  taskStarts: readonly number[] | undefined,
  questionStarts: readonly (readonly number[])[] | undefined = [],
): AnswerMarker[] {
  const tasks = Math.max(taskStarts?.length ?? 0, questionStarts.length);
  const markers: AnswerMarker[] = [];
  for (let t = 0; t < tasks; t++) {
    const start = taskStarts?.[t];
    if (usable(start)) {
      markers.push({
        id: `${MARKER_PREFIX}${t}`,
        start,
        task: t + 1,
        question: null,
        label: `Задание ${t + 1}`,
        name: `Задание ${t + 1}`,
      });
    }
    (questionStarts[t] ?? []).forEach((qStart, q) => {
      if (!usable(qStart)) return;
      markers.push({
        id: `${MARKER_PREFIX}${t}-${q}`,
        start: qStart,
        task: t + 1,
        question: q + 1,
        label: `${t + 1}.${q + 1}`,
        name: `Задание ${t + 1}, вопрос ${q + 1}`,
      });
    });
  }
  return markers;
}

/** About how wide (px) a label is on the waveform: «Задание 2», its number alone, «2.3». */
const LABEL_PX = { task: 66, taskNumber: 16, question: 26 } as const;

/**
 * The text each marker shows on a waveform drawn at `pxPerSecond` without running into the next
 * marker (labels sit right of their line): a task's label, else its number alone; a question's
 * label, else none. A question starting where its task does leaves the place to the task. The
 * buttons under the waveform name every marker whatever fits.
 */
export function fittingLabels(markers: readonly AnswerMarker[], pxPerSecond: number): (string | null)[] {
  const order = markers.map((m, i) => ({ m, i })).sort((a, b) => a.m.start - b.m.start || a.i - b.i);
  const shown: (string | null)[] = markers.map(() => null);
  order.forEach(({ m, i }, k) => {
    if (k > 0 && order[k - 1].m.start === m.start) return;
    const next = order.slice(k + 1).find((o) => o.m.start > m.start);
    const room = next ? (next.m.start - m.start) * pxPerSecond : Infinity;
    if (m.question === null) {
      shown[i] = room >= LABEL_PX.task ? m.label : room >= LABEL_PX.taskNumber ? String(m.task) : null;
    } else {
      shown[i] = room >= LABEL_PX.question ? m.label : null;
    }
  });
  return shown;
}
