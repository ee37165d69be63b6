import { z } from 'zod';
import { idSchema, pagedSchema, timestampSchema } from './common';
import { commentSchema, recordingDetailSchema } from './student';

// ---- recordings ----

/** The teacher's view of a recording: the student's view plus who recorded it and for which exam. */
export const teacherRecordingDetailSchema = recordingDetailSchema.extend({
  student: z.object({
    id: z.number().int(),
    surname: z.string(),
    name: z.string(),
    patronymic: z.string(),
  }),
  exam: z.object({ id: z.number().int(), name: z.string() }),
});
export type TeacherRecordingDetail = z.infer<typeof teacherRecordingDetailSchema>;

export const switchCheckedResponseSchema = z.object({ id: z.number().int(), checked: z.boolean() });
export type SwitchCheckedResponse = z.infer<typeof switchCheckedResponseSchema>;

// ---- statistics ----

export const statisticsSessionSchema = z.object({
  student: z.object({ id: z.number().int(), surname: z.string(), name: z.string() }),
  /** The student has a recording for this exam. */
  completed: z.boolean(),
  /** When the latest recording was uploaded; null when there is none. */
  date: timestampSchema.nullable(),
});
export type StatisticsSession = z.infer<typeof statisticsSessionSchema>;

export const statisticsPageSchema = pagedSchema('sessions', statisticsSessionSchema);
export type StatisticsPage = z.infer<typeof statisticsPageSchema>;

// ---- comments ----

export const COMMENT_MAX_LENGTH = 2000;

const secondsField = (label: string) =>
  z
    .number({ error: `${label}: ожидается число секунд` })
    .refine(Number.isFinite, `${label}: ожидается число секунд`)
    .min(0, `${label}: не может быть меньше 0`);

const commentText = z
  .string({ error: 'Комментарий: обязательное поле' })
  .trim()
  .min(1, 'Комментарий: обязательное поле')
  .max(COMMENT_MAX_LENGTH, `Комментарий: не длиннее ${COMMENT_MAX_LENGTH} символов`);

const commentFields = z.object({
  start: secondsField('Начало'),
  end: secondsField('Конец'),
  comment: commentText,
});

const startNotAfterEnd = <T extends { start: number; end: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.start > v.end) {
    ctx.addIssue({ code: 'custom', message: 'Начало комментария не может быть позже конца' });
  }
};

export const commentCreateBodySchema = commentFields
  .extend({
    audioID: idSchema,
    /** Made by the client when the comment was written: a replayed create answers the same comment. */
    clientId: z.uuid('clientId: ожидается UUID').nullish(),
  })
  .superRefine(startNotAfterEnd);
export type CommentCreateBody = z.input<typeof commentCreateBodySchema>;

export const commentUpdateBodySchema = commentFields.extend({ id: idSchema }).superRefine(startNotAfterEnd);
export type CommentUpdateBody = z.input<typeof commentUpdateBodySchema>;

export const reviewCommentSchema = commentSchema;
