import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import {
  deviceTimeSchema,
  durationNumberSchema,
  mimeSchema,
  questionStartsArraySchema,
  RECORDING_QUESTION_STARTS_MAX,
  taskStartsArraySchema,
  taskStartsWithinDuration,
} from './student';

// The exam day (issue 23): devices report where each attempt stands, the teacher sees every
// assigned student's state live, and answers the network could not carry come in as files.

// ---- POST /api/student/exam/{id}/progress ----

/** What the device is doing with one recording (its clientId): the exam began, a task records, it ended. */
export const PROGRESS_REPORT_STATES = ['started', 'recording', 'finished'] as const;

export const PROGRESS_TASK_MAX = 100;
/** Bytes still on the device: a 32-bit column; a recording is capped far below (MAX_RECORDING_MB). */
export const PROGRESS_PENDING_BYTES_MAX = 2_147_483_647;

/**
 * One report of an attempt: sent on start, on each task, on finish and when the recording's outbox
 * state changes (its latest value only). `at` is when the state began by the device's clock and
 * `clientSentAt` when the device sent the report by the same clock: the server corrects `at` by
 * their offset (never past its arrival), and a report older than the one it holds for the
 * clientId changes nothing.
 */
export const progressReportBodySchema = z.object({
  clientId: z.uuid('clientId: ожидается UUID'),
  /** The variant the device runs, when it knows it (its task count shows beside the task). */
  variantID: idSchema.optional(),
  state: z.enum(PROGRESS_REPORT_STATES, { error: 'state: ожидается started, recording или finished' }),
  /** The task the device is on, from 1 (0 before the first began). */
  task: z
    .number({ error: 'Задание: ожидается номер' })
    .int('Задание: ожидается целое число')
    .min(0, 'Задание: номер не может быть отрицательным')
    .max(PROGRESS_TASK_MAX, `Задание: не больше ${PROGRESS_TASK_MAX}`),
  /** The question of the task being answered, from 1. */
  question: z
    .number({ error: 'Вопрос: ожидается номер' })
    .int('Вопрос: ожидается целое число')
    .min(1, 'Вопрос: номер начинается с 1')
    .max(RECORDING_QUESTION_STARTS_MAX, `Вопрос: не больше ${RECORDING_QUESTION_STARTS_MAX}`)
    .optional(),
  /** Bytes of the answer still on the device (finished, not yet received). */
  pendingBytes: z
    .number({ error: 'pendingBytes: ожидается число байт' })
    .int('pendingBytes: ожидается целое число')
    .min(0, 'pendingBytes: не может быть отрицательным')
    .max(PROGRESS_PENDING_BYTES_MAX, 'pendingBytes: слишком большое значение')
    .optional(),
  at: deviceTimeSchema('at'),
  clientSentAt: deviceTimeSchema('clientSentAt').optional(),
});
export type ProgressReportBody = z.infer<typeof progressReportBodySchema>;

// ---- GET /api/teacher/exam/{id}/progress and its event stream ----

/**
 * Where a student's latest attempt stands: `not-started` (nothing reported or received),
 * `in-progress` (started or recording), `on-device` (finished on the device, the answer not yet
 * received), `received` (the server holds its recording), `refused` (the server refused its upload
 * for good; `message` says why).
 */
export const EXAM_PROGRESS_STATES = [
  'not-started',
  'in-progress',
  'on-device',
  'received',
  'refused',
] as const;

export const examProgressStudentSchema = z.object({
  id: z.number().int(),
  surname: z.string(),
  name: z.string(),
  state: z.enum(EXAM_PROGRESS_STATES),
  /** The task (from 1) and question the device last reported. */
  task: z.number().int().optional(),
  question: z.number().int().optional(),
  /** How many tasks the variant taken has, when the device named it or the answer arrived. */
  tasks: z.number().int().optional(),
  /** Bytes of the answer still on the device. */
  pendingBytes: z.number().int().optional(),
  /** When the server last heard of this attempt (a report's or the recording's arrival, its clock). */
  lastSeen: timestampSchema.optional(),
  /** The recording received (`received`). */
  recordingId: z.number().int().optional(),
  /** The recording came late (after the exam was withdrawn or closed). */
  late: z.boolean().optional(),
  /** Why the server refused the answer (`refused`), in Russian. */
  message: z.string().optional(),
});
export type ExamProgressStudent = z.infer<typeof examProgressStudentSchema>;

/** Every student assigned to the exam, by surname and name. */
export const examProgressSchema = z.object({ students: z.array(examProgressStudentSchema) });
export type ExamProgress = z.infer<typeof examProgressSchema>;

/**
 * The event stream (`text/event-stream`) names its events so: each `progress` event's data is the
 * whole progress answer (examProgressSchema) as JSON, first on connect, then on every change.
 * Lines starting with `:` are heartbeats. The server ends the stream when the access token it was
 * opened with expires; the client opens it again (with a fresh token).
 */
export const EXAM_PROGRESS_EVENT = 'progress';

// ---- answers brought in as files (POST /api/{teacher|student}/exam/{id}/import) ----

/** 'Сохранить файл' writes one `.ustno` file per answer: a zip (stored, no compression). */
export const USTNO_FILE_EXTENSION = '.ustno';
export const USTNO_FILE_VERSION = 1;
/** The zip's entries: the description and the audio (WebM or MP4, by the recording's type). */
export const USTNO_ENTRIES = { json: 'answer.json', webm: 'answer.webm', mp4: 'answer.m4a' } as const;

/**
 * answer.json: the recording's description as the device would have sent it, with whose it is.
 * The same rules as an upload's (duration, task and question starts, times); the server checks the
 * exam, the student and the bytes as for any upload and trusts nothing else in it.
 */
export const ustnoAnswerSchema = z
  .object({
    version: z.literal(USTNO_FILE_VERSION, { error: 'version: ожидается 1' }),
    examID: idSchema,
    variantID: idSchema,
    studentId: idSchema,
    clientId: z.uuid('clientId: ожидается UUID'),
    mime: mimeSchema.optional(),
    duration: durationNumberSchema,
    taskStarts: taskStartsArraySchema.optional(),
    questionStarts: questionStartsArraySchema.optional(),
    recordedAt: deviceTimeSchema('recordedAt').optional(),
    interrupted: z.boolean({ error: 'interrupted: ожидается true или false' }).optional(),
  })
  .transform(taskStartsWithinDuration);
export type UstnoAnswer = z.infer<typeof ustnoAnswerSchema>;
export type UstnoAnswerInput = z.input<typeof ustnoAnswerSchema>;

/** The multipart field that carries the files, repeated; at most this many per request. */
export const IMPORT_FILES_FIELD = 'files';
export const IMPORT_FILES_MAX = 50;

export const IMPORT_STATUSES = ['attached', 'duplicate', 'refused'] as const;

/**
 * One file's outcome: `attached` (a new recording of its student), `duplicate` (its clientId was
 * already a recording: that one's id), `refused` (why, in `message`).
 */
export const importFileResultSchema = z.object({
  /** The file's name as sent. */
  file: z.string(),
  status: z.enum(IMPORT_STATUSES),
  studentId: z.number().int().optional(),
  recordingId: z.number().int().optional(),
  message: z.string().optional(),
});
export type ImportFileResult = z.infer<typeof importFileResultSchema>;

/** The files' outcomes in the order they came. */
export const importResultsSchema = z.object({ results: z.array(importFileResultSchema) });
export type ImportResults = z.infer<typeof importResultsSchema>;
