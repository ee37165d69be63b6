import type { ExamTemplate } from '@/shared/contract/teacher';
import { formatDuration, pointsWord } from '@/shared/format';

/** «1 задание», «3 задания», «5 заданий». */
export function tasksWord(n: number): string {
  const tens = Math.abs(n) % 100;
  const ones = tens % 10;
  if (tens >= 11 && tens <= 14) return 'заданий';
  if (ones === 1) return 'задание';
  if (ones >= 2 && ones <= 4) return 'задания';
  return 'заданий';
}

export interface TemplateSummary {
  /** «4 задания». */
  tasks: string;
  /** «Максимум 22 балла». */
  max: string;
  /** Each task: its name, and «подготовка 01:30 · ответ 02:00 · вопросов: 4». */
  lines: { name: string; detail: string }[];
}

/**
 * What the template dialog says of a format. A task with questions answers for the sum of their
 * times (what the task made from it will hold).
 */
export function templateSummary(template: ExamTemplate): TemplateSummary {
  return {
    tasks: `${template.tasks.length} ${tasksWord(template.tasks.length)}`,
    max: `Максимум ${template.maxTotal} ${pointsWord(template.maxTotal)}`,
    lines: template.tasks.map((task) => {
      const questions = task.questions ?? [];
      const answer =
        questions.length > 0 ? questions.reduce((sum, q) => sum + q.answerSeconds, 0) : task.duration;
      const parts = [
        `подготовка ${formatDuration(task.preparationDuration)}`,
        `ответ ${formatDuration(answer)}`,
        ...(questions.length > 0 ? [`вопросов: ${questions.length}`] : []),
      ];
      return { name: task.name, detail: parts.join(' · ') };
    }),
  };
}
