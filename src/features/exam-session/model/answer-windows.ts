import type { RunnerTask } from './runner';

/** What of a task the windows are made of (answers cached by older versions may lack questions). */
export interface WindowedTask {
  id: number;
  type: string;
  preparationDuration: number;
  duration: number;
  files: Array<{ type: string; access: string }>;
  questions?: Array<{
    text: string | null;
    file: { type: string; access: string } | null;
    answerSeconds: number;
  }>;
}

/** One answer window of a task, with what the screen shows and the effects play. */
export interface AnswerWindow {
  /** Seconds. */
  answerSeconds: number;
  /** The address of what is heard before the answer (played once), or null. */
  audio: string | null;
  /** The question's text, or null. */
  text: string | null;
  /** Which question of the task (from 1) of how many; null for a task without questions. */
  question: { number: number; count: number } | null;
}

const isAudio = (file: { type: string } | null | undefined): file is { type: string; access: string } =>
  !!file && file.type.startsWith('audio');

/**
 * A task's answer windows: one per question, in order (its audio heard first when it has one);
 * an AUDIO_TASK's own audio is heard first, then one answer of the whole `duration` (so the
 * audio neither eats the answer time nor is recorded through the speakers); any other task is
 * one answer of `duration`.
 */
export function answerWindowsOf(task: WindowedTask): AnswerWindow[] {
  const questions = task.questions ?? [];
  if (questions.length > 0) {
    return questions.map((q, i) => ({
      answerSeconds: q.answerSeconds,
      audio: isAudio(q.file) ? q.file.access : null,
      text: q.text,
      question: { number: i + 1, count: questions.length },
    }));
  }
  const audio = task.type === 'AUDIO_TASK' ? task.files.find(isAudio) : undefined;
  return [{ answerSeconds: task.duration, audio: audio?.access ?? null, text: null, question: null }];
}

/** The task as the runner runs it. */
export function runnerTaskOf(task: WindowedTask): RunnerTask {
  return {
    id: task.id,
    preparationDuration: task.preparationDuration,
    duration: task.duration,
    windows: answerWindowsOf(task).map((w) => ({ answerSeconds: w.answerSeconds, listen: w.audio !== null })),
  };
}

/** The whole time of an exam's tasks, in seconds: preparations and answers (the audio heard besides). */
export interface ExamTime {
  total: number;
  preparation: number;
  answers: number;
}

/** Sums the preparation and the answer windows of every task. */
export function examTimeOf(tasks: readonly WindowedTask[]): ExamTime {
  let preparation = 0;
  let answers = 0;
  for (const task of tasks) {
    preparation += Math.max(0, task.preparationDuration);
    for (const w of answerWindowsOf(task)) answers += Math.max(0, w.answerSeconds);
  }
  return { total: preparation + answers, preparation, answers };
}
