import { z } from 'zod';
import type { SearchPageQuery } from '../../../src/shared/contract/common';
import {
  criterionSchema,
  type Criterion,
  type FileDto,
  type ModelAnswer,
  type TaskDto,
  type TaskQuestion,
  type TaskType,
} from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { recheckOnRace } from '../../lib/db-errors';
import { isForeignKeyViolation } from '../../lib/db-foreign-key';
import { badRequest, conflictMessage, notFound } from '../../lib/http-error';
import type { Page } from '../../lib/paging';
import { sanitizeTaskText } from '../../lib/rich-text';
import { nowIso } from '../../lib/time';
import { findFilesByIds, findTeacherFileIds } from '../files';
import * as repo from './repository';

/** A question as stored in `tasks.questions` and as a write carries it (after the contract). */
export interface StoredQuestion {
  text: string | null;
  fileId: number | null;
  answerSeconds: number;
}

export interface TaskWrite {
  name: string;
  text: string;
  duration: number;
  preparationDuration: number;
  files: number[];
  /** Absent keeps the stored criteria (on create: none). */
  criteria?: Criterion[];
  /** Absent keeps the stored questions (on create: none); [] removes them. */
  questions?: StoredQuestion[];
  /** The model answer's audio, one of the teacher's audio files: absent keeps, null clears. */
  modelAnswerFileId?: number | null;
  /** The model answer's rich text: absent keeps, null (or nothing left once sanitised) clears. */
  modelAnswerText?: string | null;
}

/** Whether the model answers of the tasks are shown: to the teacher always, to a student once checked. */
export interface TaskDtoOptions {
  modelAnswers: boolean;
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

const storedQuestions = z
  .object({
    text: z.string().nullable(),
    fileId: z.number().int().nullable(),
    answerSeconds: z.number().int(),
  })
  .array();

/** The task's questions as stored (a JSON list written only through the contract's schema). */
export function parseQuestions(json: string): StoredQuestion[] {
  try {
    const parsed = storedQuestions.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Only these keys, in this order: a file's removal finds its id by `"fileId":<id>` in the text. */
const questionsJson = (questions: StoredQuestion[]) =>
  JSON.stringify(questions.map((q) => ({ text: q.text, fileId: q.fileId, answerSeconds: q.answerSeconds })));

/** What the exam's length counts for a task: its one answer, or its questions' answers together. */
const storedDuration = (duration: number, questions: StoredQuestion[]) =>
  questions.length > 0 ? questions.reduce((sum, q) => sum + q.answerSeconds, 0) : duration;

/**
 * Task DTOs for these rows: their files and their questions' audio each batched into one query.
 * A question's file is shown only while it exists and is still its task's teacher's (ids are
 * never reused, and a removed file is dropped from the questions anyway); otherwise the
 * question answers `fileId: null, file: null`, as a task drops a removed file from `files`.
 */
export async function toTaskDtos(
  ctx: AppContext,
  rows: repo.TaskDtoRow[],
  { modelAnswers }: TaskDtoOptions,
): Promise<TaskDto[]> {
  const questionsOf = new Map(rows.map((t) => [t.id, parseQuestions(t.questions)]));
  const modelFileIds = modelAnswers ? rows.flatMap((t) => t.model_answer_file_id ?? []) : [];
  const questionFileIds = [
    ...new Set([
      ...[...questionsOf.values()].flat().flatMap((q) => (q.fileId === null ? [] : [q.fileId])),
      ...modelFileIds,
    ]),
  ];
  const [files, questionFiles] = await Promise.all([
    repo.filesOfTasks(
      ctx.db,
      rows.map((t) => t.id),
    ),
    findFilesByIds(ctx.db, questionFileIds),
  ]);
  const questionFileById = new Map(questionFiles.map((f) => [f.id, f]));
  const fileDto = (f: { id: number; name: string; mime: string }): FileDto => ({
    id: f.id,
    name: f.name,
    type: f.mime,
    access: ctx.media.url('file', f.id),
  });

  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    text: t.text,
    duration: t.duration,
    preparationDuration: t.preparation_duration,
    type: t.type,
    files: files.filter((f) => f.task_id === t.id).map(fileDto),
    criteria: parseCriteria(t.criteria),
    questions: (questionsOf.get(t.id) ?? []).map((q): TaskQuestion => {
      const f = q.fileId === null ? undefined : questionFileById.get(q.fileId);
      const file = f && f.teacher_id === t.teacher_id ? fileDto(f) : null;
      return { text: q.text, fileId: file ? file.id : null, file, answerSeconds: q.answerSeconds };
    }),
    modelAnswer: modelAnswers ? toModelAnswer(t) : null,
  }));

  /** The task's model answer; its file shown only while it exists and is the task's teacher's. */
  function toModelAnswer(t: repo.TaskDtoRow): ModelAnswer | null {
    const f = t.model_answer_file_id === null ? undefined : questionFileById.get(t.model_answer_file_id);
    const file = f && f.teacher_id === t.teacher_id ? fileDto(f) : null;
    return file || t.model_answer_text !== null ? { text: t.model_answer_text, file } : null;
  }
}

/** DTOs of these task ids (however often an id repeats), keyed by id. */
export async function loadTaskDtos(
  ctx: AppContext,
  ids: number[],
  options: TaskDtoOptions,
): Promise<Map<number, TaskDto>> {
  const rows = await repo.findTasksByIds(ctx.db, [...new Set(ids)]);
  return new Map((await toTaskDtos(ctx, rows, options)).map((t) => [t.id, t]));
}

export async function listTasks(
  ctx: AppContext,
  teacherId: number,
  q: SearchPageQuery,
): Promise<Page<TaskDto>> {
  const page = await repo.teacherTasksPage(ctx.db, teacherId, q);
  return { ...page, items: await toTaskDtos(ctx, page.items, { modelAnswers: true }) };
}

export async function getTask(ctx: AppContext, teacherId: number, id: number): Promise<TaskDto> {
  const task = await repo.findTeacherTask(ctx.db, teacherId, id);
  if (!task) throw notFound(AUTHORING_TEXT.taskNotFound);
  const [dto] = await toTaskDtos(ctx, [task], { modelAnswers: true });
  return dto;
}

/** Every file must be the teacher's own; a foreign one answers like a missing one. */
async function assertOwnFiles(db: Db, teacherId: number, fileIds: number[]): Promise<void> {
  const own = await findTeacherFileIds(db, teacherId, fileIds);
  const missing = fileIds.filter((id) => !own.has(id));
  if (missing.length > 0) throw notFound(AUTHORING_TEXT.filesMissing(missing));
}

/**
 * A question's audio must be one of the teacher's own files (a foreign one answers like a missing
 * one, as the task's files do) and an audio file.
 */
async function assertQuestionFiles(db: Db, teacherId: number, questions: StoredQuestion[]): Promise<void> {
  const ids = [...new Set(questions.flatMap((q) => (q.fileId === null ? [] : [q.fileId])))];
  if (ids.length === 0) return;
  const own = new Map(
    (await findFilesByIds(db, ids)).filter((f) => f.teacher_id === teacherId).map((f) => [f.id, f]),
  );
  const missing = ids.filter((id) => !own.has(id));
  if (missing.length > 0) throw notFound(AUTHORING_TEXT.filesMissing(missing));
  const notAudio = [...own.values()].filter((f) => !f.mime.startsWith('audio'));
  if (notAudio.length > 0)
    throw badRequest(AUTHORING_TEXT.questionFilesNotAudio(notAudio.map((f) => f.name)));
}

/**
 * A model answer's audio must be one of the teacher's own files (a foreign one answers like a
 * missing one, as a question's does) and an audio file.
 */
async function assertModelAnswerFile(
  db: Db,
  teacherId: number,
  fileId: number | null | undefined,
): Promise<void> {
  if (fileId === null || fileId === undefined) return;
  const [file] = (await findFilesByIds(db, [fileId])).filter((f) => f.teacher_id === teacherId);
  if (!file) throw notFound(AUTHORING_TEXT.filesMissing([fileId]));
  if (!file.mime.startsWith('audio')) throw badRequest(AUTHORING_TEXT.modelAnswerFileNotAudio(file.name));
}

/** Text with nothing to show (the editor's empty paragraph) is no model answer text. */
const EMPTY_RICH_TEXT = /^(?:\s|&nbsp;|<p>|<\/p>|<br\s*\/?>)*$/i;

/** The model answer's text as stored: sanitised like the task's; absent stays absent. */
async function sanitizeModelAnswerText(text: string | null | undefined): Promise<string | null | undefined> {
  if (text === undefined || text === null) return text;
  const clean = await sanitizeTaskText(text);
  return EMPTY_RICH_TEXT.test(clean) ? null : clean;
}

/** The columns a write sets; `questions` are those the task will have (given or kept). */
function columns(body: TaskWrite, text: string, questions: StoredQuestion[]) {
  return {
    name: body.name,
    search: searchColumn(body.name),
    text,
    duration: storedDuration(body.duration, questions),
    preparation_duration: body.preparationDuration,
    ...(body.criteria ? { criteria: JSON.stringify(body.criteria) } : {}),
    ...(body.questions ? { questions: questionsJson(body.questions) } : {}),
    ...(body.modelAnswerFileId !== undefined ? { model_answer_file_id: body.modelAnswerFileId } : {}),
    ...(body.modelAnswerText !== undefined ? { model_answer_text: body.modelAnswerText } : {}),
    updated_at: nowIso(),
  };
}

declare const prepared: unique symbol;

/** A new task whose text is sanitised: made by `prepareTaskWrite` before a transaction opens. */
export type PreparedTask = TaskWrite & { type: TaskType } & { readonly [prepared]: true };

/** Sanitises the texts (slow the first time: the purifier loads), outside any transaction. */
export async function prepareTaskWrite(body: TaskWrite & { type: TaskType }): Promise<PreparedTask> {
  return {
    ...body,
    text: await sanitizeTaskText(body.text),
    modelAnswerText: await sanitizeModelAnswerText(body.modelAnswerText),
  } as PreparedTask;
}

/**
 * Checks and inserts one of the teacher's tasks in the caller's transaction (so another module's
 * write spans it: a template's tasks and their variant); answers its id.
 */
export async function insertOwnTask(db: Db, teacherId: number, task: PreparedTask): Promise<number> {
  const questions = task.questions ?? [];
  await assertOwnFiles(db, teacherId, task.files);
  await assertQuestionFiles(db, teacherId, questions);
  await assertModelAnswerFile(db, teacherId, task.modelAnswerFileId);
  const { updated_at, ...fields } = columns(task, task.text, questions);
  const row = await repo.insertTask(db, {
    teacher_id: teacherId,
    type: task.type,
    ...fields,
    created_at: updated_at,
    updated_at,
  });
  await repo.setTaskFiles(db, row.id, task.files);
  return row.id;
}

export async function createTask(
  ctx: AppContext,
  teacherId: number,
  body: TaskWrite & { type: TaskType },
): Promise<TaskDto> {
  const task = await prepareTaskWrite(body);
  const id = await ctx.db.transaction().execute((trx) => insertOwnTask(trx, teacherId, task));
  return getTask(ctx, teacherId, id);
}

/** Changes everything but the type, which is fixed at creation. */
export async function updateTask(
  ctx: AppContext,
  teacherId: number,
  body: TaskWrite & { id: number },
): Promise<TaskDto> {
  const text = await sanitizeTaskText(body.text);
  const write = { ...body, modelAnswerText: await sanitizeModelAnswerText(body.modelAnswerText) };
  await ctx.db.transaction().execute(async (trx) => {
    const stored = await repo.findTeacherTask(trx, teacherId, body.id);
    if (!stored) throw notFound(AUTHORING_TEXT.taskNotFound);
    await assertOwnFiles(trx, teacherId, body.files);
    // Questions kept as stored were checked when written; a removed file is dropped from them.
    if (body.questions) await assertQuestionFiles(trx, teacherId, body.questions);
    await assertModelAnswerFile(trx, teacherId, body.modelAnswerFileId);
    const questions = body.questions ?? parseQuestions(stored.questions);
    await repo.updateTeacherTask(trx, teacherId, body.id, columns(write, text, questions));
    await repo.setTaskFiles(trx, body.id, body.files);
  });
  return getTask(ctx, teacherId, body.id);
}

/**
 * Called in the transaction that deletes one of the teacher's files: the questions that played it
 * keep their text and answer time, without audio.
 */
export async function forgetQuestionFile(db: Db, teacherId: number, fileId: number): Promise<void> {
  for (const task of await repo.teacherTasksMentioningFile(db, teacherId, fileId)) {
    const questions = parseQuestions(task.questions);
    if (!questions.some((q) => q.fileId === fileId)) continue;
    const kept = questions.map((q) => (q.fileId === fileId ? { ...q, fileId: null } : q));
    await repo.setTaskQuestions(db, task.id, questionsJson(kept));
  }
}

/** Called in the transaction that deletes one of the teacher's files: model answers lose their audio. */
export async function forgetModelAnswerFile(db: Db, teacherId: number, fileId: number): Promise<void> {
  await repo.clearModelAnswerFile(db, teacherId, fileId);
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
