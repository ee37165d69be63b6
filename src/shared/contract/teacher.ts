import { z } from 'zod';
import { AUTHORING_TEXT } from '../messages';
import { RICH_TEXT_MAX_LENGTH } from '../rich-text';
import { idSchema, nameField, pagedSchema, pageQuerySchema, timestampSchema } from './common';
import { currentPasswordField, passwordField, personSchema, profileFieldsSchema, userSchema } from './users';

// ---- files ----

/** A teacher's file; `type` is its media type (audio ones start with `audio`). */
export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** Signed, expiring address of the content: usable in <img>/<audio> without headers. */
  access: z.string(),
});
export type FileDto = z.infer<typeof fileSchema>;

export const filesPageSchema = pagedSchema('files', fileSchema);

/** Upload answer: the page asked for plus one Russian line per file that was not stored. */
export const uploadResultSchema = filesPageSchema.extend({ errors: z.array(z.string()) });
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Upload, delete and rename answer a page of the list; the files page defaults to 10 a page. */
export const filesPageQuerySchema = z.object({
  page_size: pageQuerySchema.shape.page_size.default(10),
  page_number: pageQuerySchema.shape.page_number.default(0),
});

export const FILE_NAME_MAX = 255;

export const renameFileBodySchema = z.object({
  id: idSchema,
  name: nameField('Название', FILE_NAME_MAX),
});
export type RenameFileBody = z.infer<typeof renameFileBodySchema>;

// ---- tasks ----

export const TASK_TYPES = ['TEXT_TASK', 'AUDIO_TASK'] as const;
export const taskTypeSchema = z.enum(TASK_TYPES, { error: 'Выберите тип задания' });
export type TaskType = z.infer<typeof taskTypeSchema>;

export const DURATION_MAX_SECONDS = 86_400;

const secondsField = (label: string, min: number) =>
  z
    .number({ error: `${label}: укажите число секунд` })
    .int(`${label}: целое число секунд`)
    .min(min, `${label}: не меньше ${min} с`)
    .max(DURATION_MAX_SECONDS, `${label}: не больше ${DURATION_MAX_SECONDS} с`);

export const TASK_FILES_MAX = 50;

/** Ids as given, duplicates dropped (the first occurrence keeps its place). */
const idListField = (max: number) =>
  z
    .array(idSchema)
    .max(max, `Не больше ${max} элементов`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);

// ---- criteria ----

export const CRITERIA_MAX = 10;
export const CRITERION_NAME_MAX = 100;
export const CRITERION_POINTS_MAX = 20;

/** One criterion a task's answers are graded by, worth 0..maxPoints. */
export const criterionSchema = z.object({
  name: nameField('Критерий', CRITERION_NAME_MAX),
  maxPoints: z
    .number({ error: 'Баллы за критерий: укажите число' })
    .int('Баллы за критерий: целое число')
    .min(1, 'Баллы за критерий: не меньше 1')
    .max(CRITERION_POINTS_MAX, `Баллы за критерий: не больше ${CRITERION_POINTS_MAX}`),
});
export type Criterion = z.infer<typeof criterionSchema>;

/** Absent on an update keeps the task's criteria as they are (a client that knows none). */
const criteriaField = z
  .array(criterionSchema, { error: 'Критерии: ожидается список' })
  .max(CRITERIA_MAX, `Не больше ${CRITERIA_MAX} критериев`)
  .nullish()
  .transform((v) => v ?? undefined);

// ---- questions ----
//
// A task may hold questions, asked one after another as the state exam's station asks them: the
// question's audio plays once (its text shown), the start signal, then its own answer window.

export const TASK_QUESTIONS_MAX = 20;
export const QUESTION_ANSWER_MIN_SECONDS = 5;
export const QUESTION_ANSWER_MAX_SECONDS = 600;
export const QUESTION_TEXT_MAX = 1000;

const answerSecondsField = z
  .number({ error: 'Время на ответ на вопрос: укажите число секунд' })
  .int('Время на ответ на вопрос: целое число секунд')
  .min(QUESTION_ANSWER_MIN_SECONDS, `Время на ответ на вопрос: не меньше ${QUESTION_ANSWER_MIN_SECONDS} с`)
  .max(QUESTION_ANSWER_MAX_SECONDS, `Время на ответ на вопрос: не больше ${QUESTION_ANSWER_MAX_SECONDS} с`);

/** A question as the teacher writes it: plain text, an audio file of their library, its answer time. */
export const taskQuestionWriteSchema = z.object({
  text: z
    .string({ error: 'Текст вопроса должен быть строкой' })
    .trim()
    .max(QUESTION_TEXT_MAX, `Текст вопроса: не длиннее ${QUESTION_TEXT_MAX} символов`)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** One of the teacher's audio files: the question as heard. */
  fileId: idSchema.nullish().transform((v) => v ?? null),
  answerSeconds: answerSecondsField,
});
export type TaskQuestionWrite = z.input<typeof taskQuestionWriteSchema>;

/** Absent on an update keeps the task's questions as they are; [] removes them. */
const questionsField = z
  .array(taskQuestionWriteSchema, { error: 'Вопросы: ожидается список' })
  .max(TASK_QUESTIONS_MAX, `Не больше ${TASK_QUESTIONS_MAX} вопросов`)
  .nullish()
  .transform((v) => v ?? undefined);

/** A question as every answer that returns a task carries it (`file` with its signed address). */
export const taskQuestionSchema = z.object({
  text: z.string().nullable(),
  fileId: z.number().int().nullable(),
  file: fileSchema.nullable(),
  answerSeconds: z.number().int(),
});
export type TaskQuestion = z.infer<typeof taskQuestionSchema>;

// ---- model answers ----
//
// A task may name a model answer, which a student hears and reads under that task once the teacher
// has checked their recording (never in the exam, never before the check).

/** The model answer as answers carry it: null where it may not be shown, or the task has none. */
export const modelAnswerSchema = z.object({
  /** Sanitised rich HTML; null without text. */
  text: z.string().nullable(),
  /** An audio file of the teacher's library, with its signed `access`; null without (or deleted). */
  file: fileSchema.nullable(),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const taskWriteFields = z.object({
  name: nameField('Название', 200),
  text: z
    .string({ error: 'Текст задания должен быть строкой' })
    .max(RICH_TEXT_MAX_LENGTH, `Текст задания: не длиннее ${RICH_TEXT_MAX_LENGTH} символов`)
    .nullish()
    .transform((v) => v ?? ''),
  duration: secondsField('Время на ответ', 1),
  preparationDuration: secondsField('Время на подготовку', 0),
  /** The teacher's own file ids, in the order the task shows them. */
  files: idListField(TASK_FILES_MAX),
  /** What the answers are graded by, in the order the review panel shows them. */
  criteria: criteriaField,
  /**
   * Asked in order after the preparation, each with its own answer window. With questions the
   * task's `duration` is stored as the sum of their answer times (what the exam's length counts).
   */
  questions: questionsField,
  /**
   * The model answer's audio: one of the teacher's audio files. Absent on an update keeps the
   * task's; null clears it.
   */
  modelAnswerFileId: idSchema.nullish(),
  /** The model answer's rich text, sanitised like the task's. Absent on an update keeps it; null clears it. */
  modelAnswerText: z
    .string({ error: 'Текст образца ответа должен быть строкой' })
    .max(RICH_TEXT_MAX_LENGTH, `Текст образца ответа: не длиннее ${RICH_TEXT_MAX_LENGTH} символов`)
    .nullish(),
});

export const taskCreateBodySchema = taskWriteFields.extend({ type: taskTypeSchema });
export type TaskCreateBody = z.input<typeof taskCreateBodySchema>;

/** The type is fixed at creation: an update carries none (a stray one is ignored). */
export const taskUpdateBodySchema = taskWriteFields.extend({ id: idSchema });
export type TaskUpdateBody = z.input<typeof taskUpdateBodySchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sanitised rich HTML. */
  text: z.string(),
  duration: z.number().int(),
  preparationDuration: z.number().int(),
  type: taskTypeSchema,
  files: z.array(fileSchema),
  /** Empty: the task is not graded. */
  criteria: z.array(criterionSchema),
  /** Empty: one answer of `duration` seconds, as a task always had. */
  questions: z.array(taskQuestionSchema),
  /**
   * The teacher's answers always carry it (null: none); a student's only in the detail of a
   * checked recording (null in the exam's variant and before the check). Null in answers cached
   * before model answers.
   */
  modelAnswer: modelAnswerSchema.nullable().default(null),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const tasksPageSchema = pagedSchema('tasks', taskSchema);

// ---- variants ----

export const VARIANT_TASKS_MAX = 100;

const variantWriteFields = z.object({
  name: nameField('Название', 200),
  /** Task ids in the order the student takes them; a task may appear more than once. */
  tasks: z
    .array(idSchema, { error: 'Выберите задания' })
    .min(1, 'Выберите хотя бы одно задание')
    .max(VARIANT_TASKS_MAX, `Не больше ${VARIANT_TASKS_MAX} заданий в варианте`),
});

export const variantCreateBodySchema = variantWriteFields;
export type VariantCreateBody = z.input<typeof variantCreateBodySchema>;
export const variantUpdateBodySchema = variantWriteFields.extend({ id: idSchema });
export type VariantUpdateBody = z.input<typeof variantUpdateBodySchema>;

export const variantTaskSchema = z.object({
  id: z.number().int(),
  /** Zero-based; the UI shows it plus one. */
  sequence_number: z.number().int(),
  task: taskSchema,
});

export const variantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tasks: z.array(variantTaskSchema),
});
export type VariantDto = z.infer<typeof variantSchema>;

/** List rows: what the list and the exam picker show; the detail call has the tasks. */
export const variantSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export const variantsPageSchema = pagedSchema('variants', variantSummarySchema);

// ---- exams ----

export const EXAM_VARIANTS_MAX = 50;
export const EXAM_STUDENTS_MAX = 1000;

const examName = nameField('Название', 200);

export const EXAM_ATTEMPTS_MAX = 100;

/**
 * How many times a student may take the exam (null: unlimited) and when it may be taken (ISO
 * instants, null: no bound). Absent on an update keeps what the exam has; null clears it.
 */
const examRulesFields = z.object({
  attempts: z
    .number({ error: 'Попытки: укажите число' })
    .int('Попытки: целое число')
    .min(1, 'Попыток: не меньше 1')
    .max(EXAM_ATTEMPTS_MAX, `Попыток: не больше ${EXAM_ATTEMPTS_MAX}`)
    .nullish(),
  opensAt: z.iso.datetime({ offset: true, error: 'Начало: ожидается дата ISO-8601' }).nullish(),
  closesAt: z.iso.datetime({ offset: true, error: 'Конец: ожидается дата ISO-8601' }).nullish(),
});

const windowInOrder = <T extends { opensAt?: string | null; closesAt?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.opensAt && v.closesAt && Date.parse(v.opensAt) >= Date.parse(v.closesAt)) {
    ctx.addIssue({
      code: 'custom',
      path: ['closesAt'],
      message: AUTHORING_TEXT.examWindowReversed,
    });
  }
};

export const examCreateBodySchema = z
  .object({
    name: examName,
    students: idListField(EXAM_STUDENTS_MAX),
    variants: idListField(EXAM_VARIANTS_MAX).refine((ids) => ids.length > 0, 'Выберите хотя бы один вариант'),
  })
  .extend(examRulesFields.shape)
  .superRefine(windowInOrder);
export type ExamCreateBody = z.input<typeof examCreateBodySchema>;

export const examUpdateBodySchema = z
  .object({
    id: idSchema,
    name: examName,
    studentsID: idListField(EXAM_STUDENTS_MAX),
    variantsID: idListField(EXAM_VARIANTS_MAX).refine(
      (ids) => ids.length > 0,
      'Выберите хотя бы один вариант',
    ),
  })
  .extend(examRulesFields.shape)
  .superRefine(windowInOrder);
export type ExamUpdateBody = z.input<typeof examUpdateBodySchema>;

/**
 * How a recording arrived, beside what the spec lists: cut short, late, beyond the attempts.
 * The server never throws such an answer away; it flags it and the teacher decides.
 */
export const recordingFlagsSchema = z.object({
  /** Cut short on the device (a reload, a lost microphone) and sent as it was. */
  interrupted: z.boolean().default(false),
  /** Outside the exam: after it was withdrawn from the student, or recorded after `closesAt`. */
  late: z.boolean().default(false),
  /** Recorded after the exam's `closesAt` (the device's clock corrected by its offset). */
  afterClose: z.boolean().default(false),
  /** The student had used up the exam's attempts when this one was stored. */
  overAttempts: z.boolean().default(false),
});
export type RecordingFlags = z.infer<typeof recordingFlagsSchema>;

/** A recording as lists show it. */
export const audioSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    date: timestampSchema,
    checked: z.boolean(),
    /** Points of the grade and its maximum; null until graded. */
    total: z.number().int().nullable(),
    maxTotal: z.number().int().nullable(),
    /**
     * Which attempt of the student at the exam it is: its place among the student's recordings of
     * the exam the server holds, oldest first (from 1). Absent from answers cached before it.
     */
    attempt: z.number().int().min(1).optional(),
    /** Its length in seconds. Absent from answers cached before it. */
    duration: z.number().min(0).optional(),
  })
  .extend(recordingFlagsSchema.shape);
export type AudioSummary = z.infer<typeof audioSummarySchema>;

/** An exam's rules as every answer that returns an exam carries them. */
export const examRulesSchema = z.object({
  attempts: z.number().int().nullable(),
  opensAt: timestampSchema.nullable(),
  closesAt: timestampSchema.nullable(),
});
export type ExamRules = z.infer<typeof examRulesSchema>;

export const examSchema = examRulesSchema.extend({
  id: z.number().int(),
  name: z.string(),
  variantsID: z.array(z.number().int()),
  studentsID: z.array(z.number().int()),
  /** The exam's recordings, newest first. */
  audios: z.array(audioSummarySchema),
});
export type ExamDto = z.infer<typeof examSchema>;

export const examSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export const examsPageSchema = pagedSchema('exams', examSummarySchema);

// ---- students ----

export const LINK_STATUSES = ['none', 'pending', 'accepted'] as const;

/**
 * A student in global search, with where they stand with this teacher. Any teacher may browse
 * every student, so the row carries only what the dialog shows: never the e-mail.
 */
export const globalStudentSchema = personSchema.extend({ link_status: z.enum(LINK_STATUSES) });
export const globalStudentsPageSchema = pagedSchema('students', globalStudentSchema);
/** The global list pages as the dialog does (at most 20 rows), which slows a bulk download. */
export const GLOBAL_STUDENTS_PAGE_MAX = 20;
/** The teacher's own list shows names; the e-mail is on the student's page. */
export const teacherStudentsPageSchema = pagedSchema('students', personSchema);

export const createStudentBodySchema = profileFieldsSchema.extend({ password: passwordField });
export type CreateStudentBody = z.input<typeof createStudentBodySchema>;

export const studentExamsPageSchema = pagedSchema('exams', examSummarySchema);

// ---- templates (official formats, ready to fill) ----

export const templateTaskSchema = z.object({
  name: z.string(),
  preparationDuration: z.number().int(),
  duration: z.number().int(),
  questions: z.array(z.object({ answerSeconds: z.number().int() })).optional(),
  criteria: z.array(criterionSchema),
});

export const examTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  tasks: z.array(templateTaskSchema),
  maxTotal: z.number().int(),
});
export type ExamTemplate = z.infer<typeof examTemplateSchema>;

/** `GET /api/teacher/templates`. */
export const examTemplatesSchema = z.object({ templates: z.array(examTemplateSchema) });

export const templateKeyParamsSchema = z.object({ key: z.string().max(100) });

/** `POST /api/teacher/templates/{key}/variant`: the new variant's name. */
export const templateVariantBodySchema = z.object({ name: nameField('Название', 200) });
export type TemplateVariantBody = z.input<typeof templateVariantBodySchema>;

export const templateVariantResultSchema = z.object({
  variantId: z.number().int(),
  taskIds: z.array(z.number().int()),
});
export const studentAudiosPageSchema = pagedSchema('audios', audioSummarySchema);

// ---- profile ----

export const teacherProfileSchema = userSchema.extend({ inform_about_exam_completion: z.boolean() });
export type TeacherProfile = z.infer<typeof teacherProfileSchema>;

/** Without inform_about_exam_completion the setting stays as it is. */
export const teacherDataBodySchema = profileFieldsSchema.extend({
  inform_about_exam_completion: z.boolean().nullish(),
  currentPassword: currentPasswordField.optional(),
});
export type TeacherDataBody = z.input<typeof teacherDataBodySchema>;

/**
 * The spec sends the password in the query string and no body; our client sends
 * `{ password, currentPassword }`.
 */
export const passwordQuerySchema = z.object({ password: passwordField.optional() });
export const optionalPasswordBodySchema = z
  .object({ password: passwordField.optional(), currentPassword: currentPasswordField.optional() })
  .nullish();
