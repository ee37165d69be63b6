import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  variantCreateBodySchema,
  variantSchema,
  variantsPageSchema,
  variantUpdateBodySchema,
} from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: variants'];

export async function variantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  for (const { url, querystring } of listAndSearch('/api/teacher/variants', '/api/teacher/variants/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: variantsPageSchema } } }, async (req) =>
      pagedBody('variants', await service.listVariants(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }
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
