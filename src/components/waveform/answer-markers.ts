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
