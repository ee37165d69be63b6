import {
  TASK_QUESTIONS_MAX,
  taskQuestionWriteSchema,
  type TaskQuestion,
  type TaskQuestionWrite,
} from '@/shared/contract/teacher';
import { uuid } from '@/lib/uuid';
import { parseSeconds } from './seconds';

/** A new question's answer time, seconds. */
export const DEFAULT_ANSWER_SECONDS = 40;

/** A question as the task dialog edits it: the answer time as typed, a key that survives reordering. */
export interface QuestionDraft {
  key: string;
  text: string;
  /** One of the teacher's audio files; null: 'Без аудио'. */
  fileId: number | null;
  answerSeconds: string;
}

/** What the contract found wrong with a question, by its field. */
export type QuestionErrors = Partial<Record<keyof QuestionDraft, string>>;

export const questionDrafts = (questions: readonly TaskQuestion[]): QuestionDraft[] =>
  questions.map((q) => ({
    key: uuid(),
    text: q.text ?? '',
    fileId: q.fileId,
    answerSeconds: String(q.answerSeconds),
  }));

/** One more question at the end, with the default answer time; none past the contract's maximum. */
export const withQuestionAdded = (drafts: readonly QuestionDraft[]): QuestionDraft[] =>
  drafts.length >= TASK_QUESTIONS_MAX
    ? [...drafts]
    : [...drafts, { key: uuid(), text: '', fileId: null, answerSeconds: String(DEFAULT_ANSWER_SECONDS) }];

export const withQuestionRemoved = (drafts: readonly QuestionDraft[], index: number): QuestionDraft[] =>
  drafts.filter((_, i) => i !== index);

/** The question at `index` one place up (-1) or down (1); at either end nothing moves. */
export function withQuestionMoved(
  drafts: readonly QuestionDraft[],
  index: number,
  by: -1 | 1,
): QuestionDraft[] {
  const next = [...drafts];
  const to = index + by;
  if (index < 0 || index >= next.length || to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

export const withQuestionChanged = (
  drafts: readonly QuestionDraft[],
  index: number,
  patch: Partial<Omit<QuestionDraft, 'key'>>,
): QuestionDraft[] => drafts.map((d, i) => (i === index ? { ...d, ...patch } : d));

/**
 * What the form sends: the text as typed (the contract trims it, and an empty one is none), the
 * file, and the answer time; an empty time goes as no value so the contract names the field.
 */
export const questionsOf = (drafts: readonly QuestionDraft[]): TaskQuestionWrite[] =>
  drafts.map((d) => ({
    text: d.text,
    fileId: d.fileId,
    answerSeconds: parseSeconds(d.answerSeconds) as number,
  }));

/** The task's answer time with these questions: the sum of theirs, or null while one is not a number. */
export function answerTotal(drafts: readonly QuestionDraft[]): number | null {
  let total = 0;
  for (const d of drafts) {
    const seconds = parseSeconds(d.answerSeconds);
    if (seconds === undefined) return null;
    total += seconds;
  }
  return total;
}

/** Each question checked by the contract's own rules: its errors by field ({} when it is fine). */
export function questionErrors(drafts: readonly QuestionDraft[]): QuestionErrors[] {
  return questionsOf(drafts).map((question) => {
    const checked = taskQuestionWriteSchema.safeParse(question);
    if (checked.success) return {};
    const errors: QuestionErrors = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as keyof QuestionDraft | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  });
}

/** The errors as lines that say which question: «Вопрос 2: …». */
export const questionErrorLines = (errors: readonly QuestionErrors[]): string[] =>
  errors.flatMap((e, i) => Object.values(e).map((message) => `Вопрос ${i + 1}: ${message}`));
