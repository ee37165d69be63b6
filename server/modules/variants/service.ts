import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { VariantDto } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { recheckOnRace } from '../../lib/db-errors';
import { isForeignKeyViolation } from '../../lib/db-foreign-key';
import { conflictMessage, notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { findTeacherTaskIds, loadTaskDtos, type TaskDtoOptions } from '../tasks';
import * as repo from './repository';

export interface VariantWrite {
  name: string;
  tasks: number[];
}

export async function listVariants(ctx: AppContext, teacherId: number, q: SearchPageQuery) {
  return repo.teacherVariantsPage(ctx.db, teacherId, q);
}

/** The variant with its tasks in order; a variant of another teacher answers like a missing one. */
export async function getVariant(ctx: AppContext, teacherId: number, id: number): Promise<VariantDto> {
  const variant = await repo.findTeacherVariant(ctx.db, teacherId, id);
  if (!variant) throw notFound(AUTHORING_TEXT.variantNotFound);
  return toVariantDto(ctx, variant, { modelAnswers: true });
}

/**
 * Also serves the student's view of a variant, once access to it is checked; its tasks' model
 * answers only where `options` says they may be shown (else null).
 */
export async function toVariantDto(
  ctx: AppContext,
  variant: { id: number; name: string },
  options: TaskDtoOptions,
): Promise<VariantDto> {
  const entries = await repo.variantTaskRows(ctx.db, variant.id);
  const tasks = await loadTaskDtos(
    ctx,
    entries.map((e) => e.task_id),
    options,
  );
  return {
    id: variant.id,
    name: variant.name,
    tasks: entries.flatMap((e) => {
      const task = tasks.get(e.task_id);
      return task ? [{ id: e.id, sequence_number: e.sequence_number, task }] : [];
    }),
  };
}

/** Every task must be the teacher's own; one foreign or missing id refuses the whole write. */
async function assertOwnTasks(db: Db, teacherId: number, taskIds: number[]): Promise<void> {
  const own = await findTeacherTaskIds(db, teacherId, [...new Set(taskIds)]);
  const missing = [...new Set(taskIds.filter((id) => !own.has(id)))];
  if (missing.length > 0) throw notFound(AUTHORING_TEXT.tasksMissing(missing));
}

/**
 * Checks and inserts one of the teacher's variants with its tasks in order, in the caller's
 * transaction (a template's tasks and their variant are one write); answers its id.
 */
export async function insertOwnVariant(db: Db, teacherId: number, body: VariantWrite): Promise<number> {
  await assertOwnTasks(db, teacherId, body.tasks);
  const now = nowIso();
  const variant = await repo.insertVariant(db, {
    teacher_id: teacherId,
    name: body.name,
    search: searchColumn(body.name),
    created_at: now,
    updated_at: now,
  });
  await repo.setVariantTasks(db, variant.id, body.tasks);
  return variant.id;
}

export async function createVariant(
  ctx: AppContext,
  teacherId: number,
  body: VariantWrite,
): Promise<VariantDto> {
  const id = await ctx.db.transaction().execute((trx) => insertOwnVariant(trx, teacherId, body));
  return getVariant(ctx, teacherId, id);
}

export async function updateVariant(
  ctx: AppContext,
  teacherId: number,
  body: VariantWrite & { id: number },
): Promise<VariantDto> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findTeacherVariant(trx, teacherId, body.id))) {
      throw notFound(AUTHORING_TEXT.variantNotFound);
    }
    await assertOwnTasks(trx, teacherId, body.tasks);
    await repo.updateTeacherVariant(trx, teacherId, body.id, {
      name: body.name,
      search: searchColumn(body.name),
      updated_at: nowIso(),
    });
    await repo.setVariantTasks(trx, body.id, body.tasks);
  });
  return getVariant(ctx, teacherId, body.id);
}

/** A variant still in an exam stays: the answer names the exams to change first. */
export async function deleteVariant(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  if (!(await repo.findTeacherVariant(ctx.db, teacherId, id))) throw notFound(AUTHORING_TEXT.variantNotFound);
  // An exam may take the variant between the check and the delete: its foreign key refuses then.
  await recheckOnRace(
    async () => {
      const exams = await repo.examNamesUsingVariant(ctx.db, id);
      if (exams.length > 0) throw conflictMessage(AUTHORING_TEXT.variantInUse(exams));
    },
    async () => {
      // Its variant_tasks rows cascade with it.
      if (!(await repo.deleteTeacherVariant(ctx.db, teacherId, id)))
        throw notFound(AUTHORING_TEXT.variantNotFound);
    },
    isForeignKeyViolation,
  );
}
