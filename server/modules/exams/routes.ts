import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  examCreateBodySchema,
  examSchema,
  examsPageSchema,
  examUpdateBodySchema,
} from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: exams'];

export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  for (const { url, querystring } of listAndSearch('/api/teacher/exams', '/api/teacher/exams/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: examsPageSchema } } }, async (req) =>
      pagedBody('exams', await service.listExams(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }
  r.get(
    '/api/teacher/exam/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: examSchema } } },
    (req) => service.getExam(app.ctx, currentUser(req).id, req.params.id),
  );
  r.post(
    '/api/teacher/exam',
    { schema: { tags, body: examCreateBodySchema, response: { 200: examSchema } } },
    (req) => service.createExam(app.ctx, currentUser(req).id, req.body),
  );
  r.patch(
    '/api/teacher/exam',
    { schema: { tags, body: examUpdateBodySchema, response: { 200: examSchema } } },
    (req) =>
      service.updateExam(app.ctx, currentUser(req).id, {
        id: req.body.id,
        name: req.body.name,
        variants: req.body.variantsID,
        students: req.body.studentsID,
        attempts: req.body.attempts,
        opensAt: req.body.opensAt,
        closesAt: req.body.closesAt,
      }),
  );
  r.delete(
    '/api/teacher/exam/:id',
    {
      schema: {
        tags,
        description: 'Deletes the exam together with its recordings and their comments.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.deleteExam(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.examDeleted };
    },
  );
}
