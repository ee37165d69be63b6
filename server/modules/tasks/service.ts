import type { SearchPageQuery } from '../../../src/shared/contract/common';
import { criterionSchema, type Criterion, type TaskDto } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { recheckOnRace } from '../../lib/db-errors';
import { isForeignKeyViolation } from '../../lib/db-foreign-key';
import { conflictMessage, notFound } from '../../lib/http-error';
import type { Page } from '../../lib/paging';
import { sanitizeTaskText } from '../../lib/rich-text';
import { nowIso } from '../../lib/time';
import { findTeacherFileIds } from '../files';
import * as repo from './repository';

export interface TaskWrite {
  name: string;
  text: string;
  duration: number;
  preparationDuration: number;
  files: number[];
  /** Absent keeps the stored criteria (on create: none). */
  criteria?: Criterion[];
}

const storedCriteria = criterionSchema.array();

/** The task's criteria as stored (a JSON list written only through the contract's schema). */
export function parseCriteria(json: string): Criterion[] {
  try {
    const parsed = storedCriteria.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Task DTOs for these rows, their files batched into one query. */
export async function toTaskDtos(ctx: AppContext, rows: repo.TaskRow[]): Promise<TaskDto[]> {
  const files = await repo.filesOfTasks(
    ctx.db,
    rows.map((t) => t.id),
  );
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    text: t.text,
    duration: t.duration,
    preparationDuration: t.preparation_duration,
    type: t.type,
    files: files
      .filter((f) => f.task_id === t.id)
      .map((f) => ({ id: f.id, name: f.name, type: f.mime, access: ctx.media.url('file', f.id) })),
    criteria: parseCriteria(t.criteria),
  }));
}

/** DTOs of these task ids (however often an id repeats), keyed by id. */
export async function loadTaskDtos(ctx: AppContext, ids: number[]): Promise<Map<number, TaskDto>> {
  const rows = await repo.findTasksByIds(ctx.db, [...new Set(ids)]);
  return new Map((await toTaskDtos(ctx, rows)).map((t) => [t.id, t]));
}

export async function listTasks(
  ctx: AppContext,
  teacherId: number,
  q: SearchPageQuery,
): Promise<Page<TaskDto>> {
  const page = await repo.teacherTasksPage(ctx.db, teacherId, q);
  return { ...page, items: await toTaskDtos(ctx, page.items) };
}

export async function getTask(ctx: AppContext, teacherId: number, id: number): Promise<TaskDto> {
  const task = await repo.findTeacherTask(ctx.db, teacherId, id);
  if (!task) throw notFound(AUTHORING_TEXT.taskNotFound);
  const [dto] = await toTaskDtos(ctx, [task]);
  return dto;
}

/** Every file must be the teacher's own; a foreign one answers like a missing one. */
async function assertOwnFiles(db: Db, teacherId: number, fileIds: number[]): Promise<void> {
  const own = await findTeacherFileIds(db, teacherId, fileIds);
  const missing = fileIds.filter((id) => !own.has(id));
  if (missing.length > 0) throw notFound(AUTHORING_TEXT.filesMissing(missing));
}

function columns(body: TaskWrite, text: string) {
  return {
    name: body.name,
    search: searchColumn(body.name),
    text,
    duration: body.duration,
    preparation_duration: body.preparationDuration,
    ...(body.criteria ? { criteria: JSON.stringify(body.criteria) } : {}),
    updated_at: nowIso(),
  };
}

export async function createTask(
  ctx: AppContext,
  teacherId: number,
  body: TaskWrite & { type: TaskDto['type'] },
): Promise<TaskDto> {
  const text = await sanitizeTaskText(body.text);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertOwnFiles(trx, teacherId, body.files);
    const { updated_at, ...fields } = columns(body, text);
    const task = await repo.insertTask(trx, {
      teacher_id: teacherId,
      type: body.type,
      ...fields,
      created_at: updated_at,
      updated_at,
    });
    await repo.setTaskFiles(trx, task.id, body.files);
    return task.id;
  });
  return getTask(ctx, teacherId, id);
}

/** Changes everything but the type, which is fixed at creation. */
export async function updateTask(
  ctx: AppContext,
  teacherId: number,
  body: TaskWrite & { id: number },
): Promise<TaskDto> {
  const text = await sanitizeTaskText(body.text);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findTeacherTask(trx, teacherId, body.id))) throw notFound(AUTHORING_TEXT.taskNotFound);
    await assertOwnFiles(trx, teacherId, body.files);
    await repo.updateTeacherTask(trx, teacherId, body.id, columns(body, text));
    await repo.setTaskFiles(trx, body.id, body.files);
  });
  return getTask(ctx, teacherId, body.id);
}

/** A task still in a variant stays: the answer names the variants to change first. */
export async function deleteTask(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  if (!(await repo.findTeacherTask(ctx.db, teacherId, id))) throw notFound(AUTHORING_TEXT.taskNotFound);
  // A variant may take the task between the check and the delete: its foreign key refuses then.
  await recheckOnRace(
    async () => {
      const variants = await repo.variantNamesUsingTask(ctx.db, id);
      if (variants.length > 0) throw conflictMessage(AUTHORING_TEXT.taskInUse(variants));
    },
    async () => {
      if (!(await repo.deleteTeacherTask(ctx.db, teacherId, id))) throw notFound(AUTHORING_TEXT.taskNotFound);
    },
    isForeignKeyViolation,
  );
}
