import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  messageSchema,
  pagedBody,
  pageQuerySchema,
  searchPageQuerySchema,
} from '../../../src/shared/contract/common';
import {
  variantCreateBodySchema,
  variantSchema,
  variantsPageSchema,
  variantUpdateBodySchema,
} from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: variants'];

export async function variantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  const list = async (
    teacherId: number,
    q: { page_size: number; page_number: number; search_string?: string },
  ) =>
    pagedBody(
      'variants',
      await service.listVariants(app.ctx, teacherId, { ...q, search_string: q.search_string ?? '' }),
    );

  r.get(
    '/api/teacher/variants',
    { schema: { tags, querystring: pageQuerySchema, response: { 200: variantsPageSchema } } },
    (req) => list(currentUser(req).id, req.query),
  );
  r.get(
    '/api/teacher/variants/search',
    { schema: { tags, querystring: searchPageQuerySchema, response: { 200: variantsPageSchema } } },
    (req) => list(currentUser(req).id, req.query),
  );
  r.get(
    '/api/teacher/variant/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: variantSchema } } },
    (req) => service.getVariant(app.ctx, currentUser(req).id, req.params.id),
  );
  r.post(
    '/api/teacher/variant',
    { schema: { tags, body: variantCreateBodySchema, response: { 200: variantSchema } } },
    (req) => service.createVariant(app.ctx, currentUser(req).id, req.body),
  );
  r.patch(
    '/api/teacher/variant',
    { schema: { tags, body: variantUpdateBodySchema, response: { 200: variantSchema } } },
    (req) => service.updateVariant(app.ctx, currentUser(req).id, req.body),
  );
  r.delete(
    '/api/teacher/variant/:id',
    {
      schema: {
        tags,
        description: '409 with a message naming the exams while any exam uses the variant.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.deleteVariant(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.variantDeleted };
    },
  );
}
