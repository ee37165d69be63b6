import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  messageSchema,
  pagedBody,
  pageQuerySchema,
} from '../../../src/shared/contract/common';
import { requestsPageSchema } from '../../../src/shared/contract/student-requests';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['student: requests'];

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('STUDENT'));

  r.get(
    '/api/student/requests',
    { schema: { tags, querystring: pageQuerySchema, response: { 200: requestsPageSchema } } },
    async (req) => pagedBody('requests', await service.listRequests(app.ctx, currentUser(req).id, req.query)),
  );
  r.post(
    '/api/student/request/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (req) => {
      await service.acceptRequest(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.requestAccepted };
    },
  );
  r.delete(
    '/api/student/request/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (req) => {
      await service.rejectRequest(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.requestRejected };
    },
  );
}
