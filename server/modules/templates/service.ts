import type { ExamTemplate } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { insertOwnTask, prepareTaskWrite } from '../tasks';
import { insertOwnVariant } from '../variants';
import { TEMPLATES, type TemplateData } from './data';

function toTemplateDto(template: TemplateData): ExamTemplate {
  return {
    key: template.key,
    name: template.name,
    tasks: template.tasks.map((t) => ({
      name: t.name,
      preparationDuration: t.preparationDuration,
      duration: t.duration,
      ...(t.questions ? { questions: t.questions.map((q) => ({ answerSeconds: q.answerSeconds })) } : {}),
      criteria: t.criteria,
    })),
    maxTotal: template.tasks.reduce((sum, t) => sum + t.criteria.reduce((s, c) => s + c.maxPoints, 0), 0),
  };
}

export function listTemplates(): ExamTemplate[] {
  return TEMPLATES.map(toTemplateDto);
}

/**
 * The template's tasks as the teacher's own (text tasks, placeholder texts sanitised like any task
 * text, criteria and questions without audio) and a variant of them in order, in one transaction:
 * nothing is left behind when any of it is refused.
 */
export async function createVariantFromTemplate(
  ctx: AppContext,
  teacherId: number,
  key: string,
  name: string,
): Promise<{ variantId: number; taskIds: number[] }> {
  const template = TEMPLATES.find((t) => t.key === key);
  if (!template) throw notFound(AUTHORING_TEXT.templateNotFound);
  const tasks = await Promise.all(
    template.tasks.map((t) =>
      prepareTaskWrite({
        name: t.name,
        text: t.text,
        type: 'TEXT_TASK',
        duration: t.duration,
        preparationDuration: t.preparationDuration,
        files: [],
        criteria: t.criteria,
        questions: (t.questions ?? []).map((q) => ({ ...q, fileId: null })),
      }),
    ),
  );
  return ctx.db.transaction().execute(async (trx) => {
    const taskIds: number[] = [];
    for (const task of tasks) taskIds.push(await insertOwnTask(trx, teacherId, task));
    const variantId = await insertOwnVariant(trx, teacherId, { name, tasks: taskIds });
    return { variantId, taskIds };
  });
}
