import { z } from 'zod';
import { formatDuration } from '../format';
import { RECORDING_TEXT } from '../messages';
import { idSchema, pagedSchema, timestampSchema } from './common';
import { clientSentAtSchema, clientUpdatedAtSchema } from './grading';
import { EXAM_PROGRESS_STATES } from './progress';
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

// ---- statistics ----

export const statisticsSessionSchema = z.object({
  student: z.object({ id: z.number().int(), surname: z.string(), name: z.string() }),
  /** The student has a recording for this exam. */
  completed: z.boolean(),
  /** When the latest recording was uploaded; null when there is none. */
  date: timestampSchema.nullable(),
  /** The grade of the latest recording and its maximum; null while it is not graded. */
  total: z.number().int().nullable(),
  maxTotal: z.number().int().nullable(),
  /** How many recordings the student has for this exam (the score is the latest one's). */
  attempts: z.number().int(),
  /** The latest recording's flags (false when there is none). */
  afterClose: z.boolean(),
  overAttempts: z.boolean(),
  /**
   * Where the student's latest attempt stands on the exam day, as the progress view says
   * (defaults: rows cached before the state was sent).
   */
  state: z.enum(EXAM_PROGRESS_STATES).default('not-started'),
  /** Why the server refused the answer (`refused`), else null. */
  stateMessage: z.string().nullable().default(null),
});
export type StatisticsSession = z.infer<typeof statisticsSessionSchema>;

export const statisticsPageSchema = pagedSchema('sessions', statisticsSessionSchema);

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

/**
 * How far past the stored duration a comment may end (a player's position is a float and the
 * page rounds it). One value for the page and the server: an edit the page accepts must never
 * be refused later, or it would wait in the outbox for good.
 */
export const COMMENT_END_SLACK_SECONDS = 0.05;

/**
 * A comment as the teacher writes it on a recording of this duration: the page checks a draft
 * with it before queueing, the server checks the body against the stored recording.
 */
export const commentDraftSchema = (duration: number) =>
  commentFields.superRefine(startNotAfterEnd).superRefine((v, ctx) => {
    if (v.end > duration + COMMENT_END_SLACK_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: RECORDING_TEXT.commentEndAfterDuration(formatDuration(duration)),
      });
    }
  });

export const commentCreateBodySchema = commentFields
  .extend({
    audioID: idSchema,
    /** Made by the client when the comment was written: a replayed create answers the same comment. */
    clientId: z.uuid('clientId: ожидается UUID').nullish(),
  })
  .superRefine(startNotAfterEnd);

/**
 * An edit; with `clientUpdatedAt` (and `clientSentAt`) it is ordered like a grade, so an older
 * offline edit arriving after a newer one changes nothing; without them, by arrival.
 */
export const commentUpdateBodySchema = commentFields
  .extend({
    id: idSchema,
    clientUpdatedAt: clientUpdatedAtSchema.optional(),
    clientSentAt: clientSentAtSchema.optional(),
  })
  .superRefine(startNotAfterEnd);

export const reviewCommentSchema = commentSchema;

// ---- voice comments ----

/** A spoken comment's bytes: at most 2 MB (two minutes of Opus at 32 kbit/s take under 0.5 MB). */
export const VOICE_MAX_BYTES = 2 * 1024 * 1024;
export const VOICE_MAX_SECONDS = 120;
/** The body's types; the bytes themselves must show the same family (WebM or MP4). */
export const VOICE_CONTENT_TYPES = ['audio/webm', 'audio/mp4'] as const;

/**
 * `PUT /api/teacher/comment/{id}/voice?duration=12.3`: the voice's length in seconds (the device
 * measured it; WebM from MediaRecorder carries none), over 0 and at most two minutes.
 */
export const voiceQuerySchema = z.object({
  duration: z.coerce
    .number({ error: RECORDING_TEXT.voiceDuration(VOICE_MAX_SECONDS) })
    .gt(0, RECORDING_TEXT.voiceDuration(VOICE_MAX_SECONDS))
    .max(VOICE_MAX_SECONDS, RECORDING_TEXT.voiceDuration(VOICE_MAX_SECONDS)),
});
