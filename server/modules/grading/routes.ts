import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/shared/contract/common';
import { recordingScoresSchema, scoresPutBodySchema } from '../../../src/shared/contract/grading';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

/** The teacher grades recordings by their tasks' criteria (the gradebook export is review's). */
export async function teacherGradingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teacher: grading'];
  app.addHook('onRequest', app.requireRole('TEACHER'));

  r.get(
    '/api/teacher/audios/:id/scores',
    {
      schema: {
        tags,
        description:
          'Each task of the variant (position from 1) with its criteria and the points given, or null.',
        params: idParamsSchema,
        response: { 200: recordingScoresSchema },
      },
    },
    (req) => service.getTeacherScores(app.ctx, currentUser(req).id, req.params.id),
  );
  r.put(
    '/api/teacher/audios/:id/scores',
    {
      schema: {
        tags,
        description:
          'Replaces the whole grade (criterion = index in the task’s list; points 0..max, else 400; an empty ' +
          'list clears it) and marks the recording checked. Edits are ordered by when they were made: ' +
          'clientUpdatedAt corrected by the device’s clock offset (arrival − clientSentAt, when given), never ' +
          'later than the arrival. A PUT made before the stored grade changes nothing and answers 200 with ' +
          'the stored grade.',
        params: idParamsSchema,
        body: scoresPutBodySchema,
        response: { 200: recordingScoresSchema },
      },
    },
    (req) => service.putTeacherScores(app.ctx, currentUser(req).id, req.params.id, req.body),
  );
}

/** The student sees the grade of their own recordings. */
export async function studentGradingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('STUDENT'));
  r.get(
    '/api/student/audios/:id/scores',
    {
      schema: {
        tags: ['student: recordings'],
        description: 'The grade of the student’s own recording (404 for anyone else’s).',
        params: idParamsSchema,
        response: { 200: recordingScoresSchema },
      },
    },
    (req) => service.getStudentScores(app.ctx, currentUser(req).id, req.params.id),
  );
}
