import { z } from 'zod';
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

export const examCreateBodySchema = z.object({
  name: examName,
  students: idListField(EXAM_STUDENTS_MAX),
  variants: idListField(EXAM_VARIANTS_MAX).refine((ids) => ids.length > 0, 'Выберите хотя бы один вариант'),
});
export type ExamCreateBody = z.input<typeof examCreateBodySchema>;

export const examUpdateBodySchema = z.object({
  id: idSchema,
  name: examName,
  studentsID: idListField(EXAM_STUDENTS_MAX),
  variantsID: idListField(EXAM_VARIANTS_MAX).refine((ids) => ids.length > 0, 'Выберите хотя бы один вариант'),
});
export type ExamUpdateBody = z.input<typeof examUpdateBodySchema>;

/** How a recording arrived, beside what the spec lists: cut short, or after the exam was withdrawn. */
export const recordingFlagsSchema = z.object({
  /** Cut short on the device (a reload, a lost microphone) and sent as it was. */
  interrupted: z.boolean().default(false),
  /** Arrived after the exam stopped being the student's; kept so the answer is not lost. */
  late: z.boolean().default(false),
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
  })
  .extend(recordingFlagsSchema.shape);
export type AudioSummary = z.infer<typeof audioSummarySchema>;

export const examSchema = z.object({
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
