import { z } from 'zod';
import { pagedSchema } from './common';

/** A teacher's pending request as the student sees it; `id` is the request's own id. */
export const teacherRequestSchema = z.object({
  id: z.number().int(),
  teacher_surname: z.string(),
  teacher_name: z.string(),
  teacher_patronymic: z.string(),
});
export type TeacherRequest = z.infer<typeof teacherRequestSchema>;

export const requestsPageSchema = pagedSchema('requests', teacherRequestSchema);
