import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, pagedBody, pageQuerySchema } from '../../../src/shared/contract/common';
import {
  examIdParamsSchema,
  examVariantParamsSchema,
  sessionCompleteResponseSchema,
  sessionIdParamsSchema,
  sessionStartBodySchema,
  sessionStartResponseSchema,
  studentExamExtendedSchema,
  studentExamSchema,
  studentExamsListSchema,
  studentRecordingsPageSchema,
  studentVariantSchema,
} from '../../../src/shared/contract/student';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['student: exams'];

export async function studentExamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('STUDENT'));

  for (const { url, querystring } of listAndSearch('/api/student/exams', '/api/student/exams/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: studentExamsListSchema } } }, async (req) =>
      pagedBody('exams', await service.listExams(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }
  r.get(
    '/api/student/exam/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: studentExamSchema } } },
    (req) => service.getExam(app.ctx, currentUser(req).id, req.params.id),
  );
  r.get(
    '/api/student/exam/:examID/extended',
    { schema: { tags, params: examIdParamsSchema, response: { 200: studentExamExtendedSchema } } },
    (req) => service.getExtendedExam(app.ctx, currentUser(req).id, req.params.examID),
  );
  r.get(
    '/api/student/exam/:examID/variant/:variantID',
    { schema: { tags, params: examVariantParamsSchema, response: { 200: studentVariantSchema } } },
    (req) => service.getVariant(app.ctx, currentUser(req).id, req.params.examID, req.params.variantID),
  );
  r.get(
    '/api/student/exam/:id/audios',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: studentRecordingsPageSchema },
      },
    },
    async (req) =>
      pagedBody(
        'audios',
        await service.listExamRecordings(app.ctx, currentUser(req).id, req.params.id, req.query),
      ),
  );

  r.post(
    '/api/student/session/:examID/start',
    {
      schema: {
        tags,
        description: 'Optional JSON body `{ variantID }`: the variant chosen (it must be one of the exam’s).',
        params: examIdParamsSchema,
        body: sessionStartBodySchema,
        response: { 200: sessionStartResponseSchema },
      },
    },
    (req) =>
      service.startSession(app.ctx, currentUser(req).id, req.params.examID, req.body?.variantID ?? undefined),
  );
  r.post(
    '/api/student/session/:sessionID/complete',
    { schema: { tags, params: sessionIdParamsSchema, response: { 200: sessionCompleteResponseSchema } } },
    (req) => service.completeSession(app.ctx, currentUser(req).id, req.params.sessionID),
  );
}
