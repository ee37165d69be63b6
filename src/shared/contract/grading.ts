import { z } from 'zod';
import { timestampSchema } from './common';
import { CRITERIA_MAX, CRITERION_POINTS_MAX, VARIANT_TASKS_MAX } from './teacher';

// ---- scores of a recording (GET and PUT /api/teacher/audios/{id}/scores, GET for the student) ----

/** A criterion as graded: the maximum is the one the points were given against. */
export const scoredCriterionSchema = z.object({
  name: z.string(),
  maxPoints: z.number().int(),
  /** null: not graded yet. */
  points: z.number().int().nullable(),
});

export const taskScoresSchema = z.object({
  /** Counts from 1 in the variant's order. */
  position: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  criteria: z.array(scoredCriterionSchema),
});
export type TaskScores = z.infer<typeof taskScoresSchema>;

export const recordingScoresSchema = z.object({
  tasks: z.array(taskScoresSchema),
  total: z.number().int(),
  maxTotal: z.number().int(),
  /** When the grade was last given; null while nothing is graded. */
  gradedAt: timestampSchema.nullable(),
});
export type RecordingScores = z.infer<typeof recordingScoresSchema>;

export const scoreSchema = z.object({
  position: z
    .number({ error: 'Задание: ожидается номер' })
    .int('Задание: ожидается целый номер')
    .min(1, 'Задание: номер начинается с 1')
    .max(VARIANT_TASKS_MAX, 'Задание: нет такого номера'),
  /** The criterion's index in the task's list. */
  criterion: z
    .number({ error: 'Критерий: ожидается номер' })
    .int('Критерий: ожидается целый номер')
    .min(0, 'Критерий: нет такого номера')
    .max(CRITERIA_MAX - 1, 'Критерий: нет такого номера'),
  points: z
    .number({ error: 'Баллы: ожидается число' })
    .int('Баллы: целое число')
    .min(0, 'Баллы не могут быть меньше 0')
    .max(CRITERION_POINTS_MAX, `Баллы: не больше ${CRITERION_POINTS_MAX}`),
});
export type Score = z.infer<typeof scoreSchema>;

/**
 * When an edit was made by the device's clock (`clientUpdatedAt`) and when the device sent it
 * (`clientSentAt`, by the same clock): the server orders edits by the first corrected by the
 * device's offset, never later than their arrival (server/lib/edit-order.ts). ISO-8601, an
 * offset allowed.
 */
export const clientUpdatedAtSchema = z.iso.datetime({
  error: 'clientUpdatedAt: ожидается дата ISO-8601',
  offset: true,
});
export const clientSentAtSchema = z.iso.datetime({
  error: 'clientSentAt: ожидается дата ISO-8601',
  offset: true,
});

/**
 * The whole grade; `clientUpdatedAt` (and, from our client, `clientSentAt`) order writes, so an
 * older replay cannot win and a device clock that is off cannot freeze the grade.
 */
export const scoresPutBodySchema = z.object({
  scores: z
    .array(scoreSchema, { error: 'Баллы: ожидается список' })
    .max(VARIANT_TASKS_MAX * CRITERIA_MAX, 'Слишком много оценок')
    .superRefine((scores, ctx) => {
      const seen = new Set<string>();
      for (const s of scores) {
        const key = `${s.position}:${s.criterion}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', message: 'Один критерий оценен дважды' });
          return;
        }
        seen.add(key);
      }
    }),
  clientUpdatedAt: clientUpdatedAtSchema,
  /** Optional: without it the device's clock is taken as it is (capped at the arrival). */
  clientSentAt: clientSentAtSchema.optional(),
});
export type ScoresPutBody = z.input<typeof scoresPutBodySchema>;
