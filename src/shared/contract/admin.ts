import { z } from 'zod';
import { idSchema, pagedSchema, timestampSchema } from './common';
import { passwordField, profileFieldsSchema, userSchema } from './users';

export const adminCreateUserBodySchema = profileFieldsSchema.extend({
  id: z.unknown().optional(),
  password: passwordField,
});
export type AdminCreateUserBody = z.input<typeof adminCreateUserBodySchema>;

/** An empty or missing password on edit leaves it unchanged. */
export const adminUpdateUserBodySchema = profileFieldsSchema.extend({
  id: idSchema,
  password: z
    .union([z.literal(''), passwordField])
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type AdminUpdateUserBody = z.input<typeof adminUpdateUserBodySchema>;

export const studentsPageSchema = pagedSchema('students', userSchema);
export const teachersPageSchema = pagedSchema('teachers', userSchema);

export const metricsSchema = z.object({
  logins: z.number().int(),
  accounts: z.number().int(),
  teachers: z.number().int(),
  students: z.number().int(),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const loginEventSchema = z.object({ id: z.number().int(), date: timestampSchema });
export const loginsPageSchema = pagedSchema('logins', loginEventSchema);

export const recoveryAttemptSchema = z.object({
  id: z.number().int(),
  delivered: z.boolean(),
  completed: z.boolean(),
  create_date: timestampSchema,
  expire_date: timestampSchema,
});
export const attemptsPageSchema = pagedSchema('attempts', recoveryAttemptSchema);

export const userIdParamsSchema = z.object({ userID: idSchema });
