import { describe, expect, it } from 'vitest';
import { TEMPLATE_VARIANT_STALE_KEYS } from '@/features/exams/api/create-template-variant';
import { variantChoicesQuery } from '@/features/exams/api/list-variant-choices';
import { templateSummary, tasksWord } from '@/features/exams/model/template-summary';
import { tasksListKey } from '@/features/tasks/api/list-tasks';
import { variantsListKey } from '@/features/variants/api/list-variants';
import type { ExamTemplate } from '@/shared/contract/teacher';

const template: ExamTemplate = {
  key: 'ege',
  name: 'ЕГЭ, английский язык, устная часть',
  maxTotal: 22,
  tasks: [
    { name: 'Чтение текста вслух', preparationDuration: 90, duration: 90, criteria: [] },
    {
      name: 'Интервью',
      preparationDuration: 0,
      // The questions' sum is what the task will hold, whatever duration the format lists.
      duration: 0,
      questions: [{ answerSeconds: 40 }, { answerSeconds: 40 }, { answerSeconds: 45 }],
      criteria: [{ name: 'Ответ', maxPoints: 1 }],
    },
    { name: 'Без вопросов', preparationDuration: 30, duration: 120, questions: [], criteria: [] },
  ],
};

describe('templateSummary', () => {
  it('says the number of tasks, the maximum, and each task’s times and questions', () => {
    expect(templateSummary(template)).toEqual({
      tasks: '3 задания',
      max: 'Максимум 22 балла',
      lines: [
        { name: 'Чтение текста вслух', detail: 'подготовка 01:30 · ответ 01:30' },
        { name: 'Интервью', detail: 'подготовка 00:00 · ответ 02:05 · вопросов: 3' },
        { name: 'Без вопросов', detail: 'подготовка 00:30 · ответ 02:00' },
      ],
    });
    expect(templateSummary({ ...template, maxTotal: 15 }).max).toBe('Максимум 15 баллов');
    expect(templateSummary({ ...template, maxTotal: 21 }).max).toBe('Максимум 21 балл');
  });

  it('names the tasks by their number', () => {
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25].map((n) => `${n} ${tasksWord(n)}`)).toEqual([
      '1 задание',
      '2 задания',
      '4 задания',
      '5 заданий',
      '11 заданий',
      '12 заданий',
      '21 задание',
      '22 задания',
      '25 заданий',
    ]);
  });
});

describe('a variant made from a template', () => {
  it('makes stale the variants’ and tasks’ lists by their own keys, and the exam’s variant picker', () => {
    const pickerKey = variantChoicesQuery({ page: 0, pageSize: 10 }).queryKey;
    expect(TEMPLATE_VARIANT_STALE_KEYS).toEqual([variantsListKey, tasksListKey, pickerKey.slice(0, 3)]);
  });
});
