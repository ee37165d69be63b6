import { z } from 'zod';
import { idSchema, pagedSchema, timestampSchema } from './common';
import {
  audioSummarySchema,
  examRulesSchema,
  examSummarySchema,
  recordingFlagsSchema,
  variantSchema,
  variantSummarySchema,
} from './teacher';
import { currentPasswordField, profileFieldsSchema, userSchema } from './users';

// ---- exams ----

/**
 * What the student's exam answers carry about taking it: the exam's attempts and window, and how
 * many recordings of theirs the server holds for it (the device adds the ones still on it).
 */
const studentExamRulesSchema = examRulesSchema.extend({ attemptsUsed: z.number().int() });

/** An exam as the student sees it (the list rows and the detail call). */
export const studentExamSchema = examSummarySchema.extend(studentExamRulesSchema.shape);
export type StudentExam = z.infer<typeof studentExamSchema>;

export const studentExamsListSchema = pagedSchema('exams', studentExamSchema);

/** The exam with the variants to choose from, in the order the teacher put them. */
export const studentExamExtendedSchema = studentExamRulesSchema.extend({
  id: z.number().int(),
  name: z.string(),
  variants: z.array(variantSummarySchema),
});
export type StudentExamExtended = z.infer<typeof studentExamExtendedSchema>;

/** A variant of the exam with its tasks and their files (signed `access` addresses). */
export const studentVariantSchema = variantSchema;

export const examVariantParamsSchema = z.object({ examID: idSchema, variantID: idSchema });
export const examIdParamsSchema = z.object({ examID: idSchema });

export const studentRecordingsPageSchema = pagedSchema('audios', audioSummarySchema);

// ---- sessions ----

export const sessionStartBodySchema = z.object({ variantID: idSchema.nullish() }).nullish();

export const sessionStartResponseSchema = z.object({ session_id: z.number().int() });
export type SessionStartResponse = z.infer<typeof sessionStartResponseSchema>;

export const sessionIdParamsSchema = z.object({ sessionID: idSchema });

export const sessionCompleteResponseSchema = z.object({
  session_id: z.number().int(),
  completed: z.boolean(),
});

// ---- recording upload (POST /api/student/exam/complete, multipart) ----

/** The longest recording the server accepts, in seconds. */
export const RECORDING_DURATION_MAX_SECONDS = 86_400;
/** Waveform peaks are bounded: enough for an hour at ~50 peaks a second. */
export const RECORDING_PEAKS_MAX = 200_000;
export const RECORDING_TASK_STARTS_MAX = 1_000;

/** Names of the multipart parts; fields may come before or after the file part. */
export const RECORDING_UPLOAD_FIELDS = {
  file: 'audio',
  examID: 'examID',
  variantID: 'variantID',
  mime: 'mime',
  clientId: 'clientId',
  sessionID: 'sessionID',
  duration: 'duration',
  taskStarts: 'taskStarts',
  questionStarts: 'questionStarts',
  peaks: 'peaks',
  interrupted: 'interrupted',
  recordedAt: 'recordedAt',
  clientSentAt: 'clientSentAt',
} as const;

const jsonArrayField = (label: string, what = 'JSON-массив чисел') =>
  z.string().transform((text, ctx): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label}: ожидается ${what}` });
      return z.NEVER;
    }
  });

const isBlank = (v: string | undefined) => v === undefined || ['', 'null', 'undefined'].includes(v.trim());

function parseFormId(label: string, value: string, ctx: z.RefinementCtx): number {
  const parsed = idSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({
    code: 'custom',
    message: `${label}: ${parsed.error.issues[0]?.message ?? 'неверное значение'}`,
  });
  return z.NEVER;
}

/** A required id among the string form fields; the message names the field. */
const requiredFormId = (label: string) =>
  z.string({ error: `${label}: обязательное поле` }).transform((value, ctx) => {
    if (!isBlank(value)) return parseFormId(label, value, ctx);
    ctx.addIssue({ code: 'custom', message: `${label}: обязательное поле` });
    return z.NEVER;
  });

/** An optional id among the string form fields; blank ("", "null") is none. */
const optionalFormId = (label: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) =>
      value === undefined || isBlank(value) ? undefined : parseFormId(label, value, ctx),
    );

const finiteNumber = (label: string) =>
  z.number({ error: `${label}: ожидается число` }).refine(Number.isFinite, `${label}: ожидается число`);

// The rules of a recording's description, shared by the multipart form, the parts upload and the
// answer files brought in by hand (progress.ts).
export const durationNumberSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined
        ? 'Длительность записи: обязательное поле'
        : 'Длительность записи: ожидается число секунд',
  })
  .gt(0, 'Длительность записи должна быть больше нуля')
  .max(RECORDING_DURATION_MAX_SECONDS, 'Запись длиннее 24 часов не принимается');

export const taskStartsArraySchema = z
  .array(finiteNumber('Начала заданий').min(0, 'Начала заданий не могут быть отрицательными'), {
    error: 'Начала заданий: ожидается JSON-массив чисел',
  })
  .max(RECORDING_TASK_STARTS_MAX, `Начала заданий: не больше ${RECORDING_TASK_STARTS_MAX} значений`);

/** Answer windows per task: at most one per question. */
export const RECORDING_QUESTION_STARTS_MAX = 20;

export const questionStartsArraySchema = z
  .array(
    z
      .array(
        finiteNumber('Начала ответов на вопросы').min(
          0,
          'Начала ответов на вопросы не могут быть отрицательными',
        ),
      )
      .max(
        RECORDING_QUESTION_STARTS_MAX,
        `Начала ответов на вопросы: не больше ${RECORDING_QUESTION_STARTS_MAX} на задание`,
      ),
    { error: 'Начала ответов на вопросы: ожидается JSON-массив массивов чисел' },
  )
  .max(
    RECORDING_TASK_STARTS_MAX,
    `Начала ответов на вопросы: не больше ${RECORDING_TASK_STARTS_MAX} заданий`,
  );

/**
 * When the answer was recorded by the device's clock (its end), and when the device sent it by
 * the same clock: the server corrects the first by the offset (arrival − clientSentAt), as it
 * orders edits, to tell whether the answer was recorded after the exam closed.
 */
export const deviceTimeSchema = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label}: ожидается дата ISO-8601` });

const peaksArraySchema = z
  .array(
    finiteNumber('Пики волны')
      .min(-1, 'Пики волны должны быть в пределах от -1 до 1')
      .max(1, 'Пики волны должны быть в пределах от -1 до 1'),
    { error: 'Пики волны: ожидается JSON-массив чисел' },
  )
  .max(RECORDING_PEAKS_MAX, `Пики волны: не больше ${RECORDING_PEAKS_MAX} значений`)
  .nullable();

export const mimeSchema = z.string().max(200, 'Тип записи: не длиннее 200 символов');

/**
 * How far past the duration a task start is taken (and set to the duration): a task that began
 * just before the recording was cut carries a rounded start a hair past the unrounded duration,
 * and refusing it would strand the answer.
 */
export const TASK_START_SLACK_SECONDS = 1;

/**
 * A task (or a question's answer) cannot start after the recording ended; a start up to the
 * slack past its end is its end.
 */
export function taskStartsWithinDuration<
  T extends { duration: number; taskStarts?: number[] | undefined; questionStarts?: number[][] | undefined },
>(v: T, ctx: z.RefinementCtx): T {
  const late = (s: number) => s > v.duration + TASK_START_SLACK_SECONDS;
  const clamp = (s: number) => Math.min(s, v.duration);
  if (v.taskStarts?.some(late)) {
    ctx.addIssue({
      code: 'custom',
      path: ['taskStarts'],
      message: 'Начало задания не может быть позже конца записи',
    });
    return z.NEVER;
  }
  if (v.questionStarts?.some((starts) => starts.some(late))) {
    ctx.addIssue({
      code: 'custom',
      path: ['questionStarts'],
      message: 'Начало ответа на вопрос не может быть позже конца записи',
    });
    return z.NEVER;
  }
  return {
    ...v,
    ...(v.taskStarts && { taskStarts: v.taskStarts.map(clamp) }),
    ...(v.questionStarts && { questionStarts: v.questionStarts.map((starts) => starts.map(clamp)) }),
  };
}

/**
 * The text fields of an upload as they arrive (all strings). Without `clientId` (a client that
 * follows only the original contract) the server makes one: such an upload is simply not idempotent.
 */
export const recordingUploadFieldsSchema = z
  .object({
    examID: requiredFormId('Экзамен'),
    variantID: requiredFormId('Вариант'),
    mime: mimeSchema.optional(),
    clientId: z.uuid('clientId: ожидается UUID').optional(),
    /** Optional; an empty value (or "null" from a form) counts as none. */
    sessionID: optionalFormId('Сессия'),
    duration: z.preprocess(
      (v) => (v === undefined ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN),
      durationNumberSchema,
    ),
    taskStarts: jsonArrayField('Начала заданий').pipe(taskStartsArraySchema).optional(),
    questionStarts: jsonArrayField('Начала ответов на вопросы', 'JSON-массив массивов чисел')
      .pipe(questionStartsArraySchema)
      .optional(),
    peaks: jsonArrayField('Пики волны').pipe(peaksArraySchema).optional(),
    recordedAt: deviceTimeSchema('recordedAt').optional(),
    clientSentAt: deviceTimeSchema('clientSentAt').optional(),
    /** 'true' when the recording ended before its exam did (a reload, a lost microphone). */
    interrupted: z
      .enum(['true', 'false', '1', '0'], { error: 'Признак прерванной записи: ожидается true или false' })
      .optional()
      .transform((v) => v === 'true' || v === '1'),
  })
  .transform(taskStartsWithinDuration);
export type RecordingUploadFields = z.output<typeof recordingUploadFieldsSchema>;

/** What an upload answers (the same for a repeated clientId). */
export const recordingUploadResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date: timestampSchema,
  checked: z.boolean(),
  duration: z.number(),
});
export type RecordingUploadResult = z.infer<typeof recordingUploadResultSchema>;

// ---- resumable recording upload (parts, then complete) ----
//
// A recording can also travel in parts, so a dropped connection resumes instead of restarting:
//   PUT  /api/student/uploads/{clientId}/parts/{part}[?offset=N]  raw bytes
//        (application/octet-stream), stored idempotently by (clientId, part): the same part again
//        answers the same result. `offset` says where the part's bytes start in the recording:
//        with it a part of any size is written in place (without it, only a part of at most
//        RECORDING_PART_BYTES is, at part × RECORDING_PART_BYTES), so complete copies nothing;
//   GET  /api/student/uploads/{clientId}               the parts the server holds (to resume);
//   POST /api/student/uploads/{clientId}/complete      the recording's description: the parts
//        0..parts-1 become one recording (checked by its bytes like the multipart upload),
//        idempotent by clientId, answering as POST /api/student/exam/complete does.
// The client's first part is RECORDING_PART_BYTES; its next ones grow in whole RECORDING_PART_BYTES
// up to RECORDING_PART_MAX_BYTES while the link carries them quickly (fewer requests, each with
// its round trips and the server's statements). The server accepts up to RECORDING_PART_MAX_BYTES.

/**
 * The `Server-Timing` metric of an upload's answer: how long (`dur`, ms) its request waited for
 * an upload slot before the server read it. The client leaves that wait out when it measures its
 * link (a class burst queues parts at the server; the link carried them no slower).
 */
export const UPLOAD_SLOT_TIMING = 'slot';

export const RECORDING_PART_BYTES = 256 * 1024;
export const RECORDING_PART_MAX_BYTES = 1024 * 1024;
/** Every part but the last is at least this (checked at complete): parts are files on the server. */
export const RECORDING_PART_MIN_BYTES = 64 * 1024;
/** Parts per recording: 200 MB (the largest recording setting) in the smallest parts, with room. */
export const RECORDING_PARTS_MAX = 4096;

export const uploadClientIdParamsSchema = z.object({ clientId: z.uuid('clientId: ожидается UUID') });

export const uploadPartParamsSchema = uploadClientIdParamsSchema.extend({
  part: z.coerce
    .number({ error: 'Часть: ожидается номер' })
    .int('Часть: ожидается целое число')
    .min(0, 'Часть: номер не может быть отрицательным')
    .max(RECORDING_PARTS_MAX - 1, `Часть: не больше ${RECORDING_PARTS_MAX} частей`),
});

/** Where a part's bytes start in the recording (optional: see above). */
export const uploadPartQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset: ожидается число' })
    .int('offset: ожидается целое число')
    .min(0, 'offset: не может быть отрицательным')
    .optional(),
});

/** One part the server holds. */
export const uploadPartSchema = z.object({ part: z.number().int(), size: z.number().int() });
export type UploadPart = z.infer<typeof uploadPartSchema>;

/** What the server holds of an upload: its parts in order, and the recording once completed. */
export const uploadStatusSchema = z.object({
  parts: z.array(uploadPartSchema),
  /** The recording these parts became; null until completed. */
  recordingId: z.number().int().nullable(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** The description that turns the parts into a recording (the multipart upload's fields, typed). */
export const uploadCompleteBodySchema = z
  .object({
    examID: idSchema,
    variantID: idSchema,
    sessionID: idSchema.nullish(),
    mime: mimeSchema.optional(),
    duration: durationNumberSchema,
    taskStarts: taskStartsArraySchema.optional(),
    /** For each task, where each question's answer window began (seconds into the recording). */
    questionStarts: questionStartsArraySchema.optional(),
    peaks: peaksArraySchema.optional(),
    recordedAt: deviceTimeSchema('recordedAt').optional(),
    clientSentAt: deviceTimeSchema('clientSentAt').optional(),
    /** How many parts make the recording (0..parts-1, all present). */
    parts: z.number().int().min(1).max(RECORDING_PARTS_MAX),
    /** Total bytes of the parts, checked against what the server holds. */
    size: z.number().int().min(1),
    /** The recording was cut short (a crash, a closed tab) and sent as it was. */
    interrupted: z.boolean().optional(),
  })
  .transform(taskStartsWithinDuration);
export type UploadCompleteBody = z.infer<typeof uploadCompleteBodySchema>;

// ---- recording detail (student's and, extended, teacher's) ----

/** A comment's spoken part, as both players get it. */
export const commentVoiceSchema = z.object({
  /** Signed, expiring address of the audio (Range requests work); a new one for a replaced voice. */
  access: z.string(),
  /** Seconds, as the teacher's device measured them. */
  duration: z.number(),
  /** `audio/webm` or `audio/mp4`, with the codecs the device named. */
  mime: z.string(),
});

export const commentSchema = z.object({
  id: z.number().int(),
  /** Seconds into the recording. */
  start: z.number(),
  end: z.number(),
  comment: z.string(),
  /** The teacher's spoken comment on the region; null without one (and in answers cached before voices). */
  voice: commentVoiceSchema.nullable().default(null),
});
export type CommentDto = z.infer<typeof commentSchema>;

export const recordingDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    date: timestampSchema,
    checked: z.boolean(),
    /** Signed, expiring address of the audio (Range requests work). */
    access: z.string(),
    mime: z.string(),
    /** Seconds; the truth (MediaRecorder's WebM carries none). */
    duration: z.number(),
    /** Seconds into the recording at which each task's speaking phase began. */
    taskStarts: z.array(z.number()),
    /** For each task, where each question's answer window began; [] for a recording without. */
    questionStarts: z.array(z.array(z.number())),
    /** Waveform peaks the recording device computed, or null (players then decode). */
    peaks: z.array(z.number()).nullable(),
    /** The teacher's comments, by start. */
    comments: z.array(commentSchema),
    /** The variant the student took; null when it no longer exists. */
    variant: variantSchema.nullable(),
  })
  .extend(recordingFlagsSchema.shape);
export type RecordingDetail = z.infer<typeof recordingDetailSchema>;

export const audioIdParamsSchema = z.object({ audioID: idSchema });

// ---- profile ----

export const studentProfileSchema = userSchema;
export type StudentProfile = z.infer<typeof studentProfileSchema>;

export const studentDataBodySchema = profileFieldsSchema.extend({
  currentPassword: currentPasswordField.optional(),
});
export type StudentDataBody = z.input<typeof studentDataBodySchema>;
