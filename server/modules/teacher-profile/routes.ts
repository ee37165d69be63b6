import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teacherDataBodySchema, teacherProfileSchema } from '../../../src/shared/contract/teacher';
import { currentUser } from '../../plugins/auth';
import { byAddress } from '../../plugins/rate-limit';
import { OWN_DATA_DESCRIPTION, ownPasswordRoute, withRetryAfter } from '../users';
import * as service from './service';

const tags = ['teacher: profile'];

export async function teacherProfileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  r.get('/api/teacher/profile', { schema: { tags, response: { 200: teacherProfileSchema } } }, (req) =>
    service.getProfile(app.ctx, currentUser(req).id),
  );
  r.patch(
    '/api/teacher/data',
    {
      schema: {
        tags,
        description: OWN_DATA_DESCRIPTION,
        body: teacherDataBodySchema,
        response: { 200: teacherProfileSchema },
      },
    },
    (req, reply) =>
      withRetryAfter(reply, () => service.updateProfile(app.ctx, currentUser(req), req.body, byAddress(req))),
  );
  ownPasswordRoute(app, '/api/teacher/password', tags);
}
