import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../src/shared/contract/common';
import { studentDataBodySchema, studentProfileSchema } from '../../../src/shared/contract/student';
import { optionalPasswordBodySchema, passwordQuerySchema } from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['student: profile'];

export async function studentProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('STUDENT'));

  r.get('/api/student/profile', { schema: { tags, response: { 200: studentProfileSchema } } }, (req) =>
    service.getProfile(app.ctx, currentUser(req).id),
  );
  r.patch(
    '/api/student/data',
    { schema: { tags, body: studentDataBodySchema, response: { 200: studentProfileSchema } } },
    (req) => service.updateProfile(app.ctx, currentUser(req).id, req.body),
  );
  r.patch(
    '/api/student/password',
    {
      schema: {
        tags,
        description:
          'The new password as `?password=` (as the spec sends it) or as a JSON body `{ password }`.',
        querystring: passwordQuerySchema,
        body: optionalPasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.setPassword(app.ctx, currentUser(req).id, req.query.password, req.body?.password);
      return { message: SUCCESS_TEXT.passwordUpdated };
    },
  );
}
