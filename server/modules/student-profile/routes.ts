import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentDataBodySchema, studentProfileSchema } from '../../../src/shared/contract/student';
import { currentUser } from '../../plugins/auth';
import { byAddress } from '../../plugins/rate-limit';
import { OWN_DATA_DESCRIPTION, ownPasswordRoute, withRetryAfter } from '../users';
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
    {
      schema: {
        tags,
        description: OWN_DATA_DESCRIPTION,
        body: studentDataBodySchema,
        response: { 200: studentProfileSchema },
      },
    },
    (req, reply) =>
      withRetryAfter(reply, () => service.updateProfile(app.ctx, currentUser(req), req.body, byAddress(req))),
  );
  ownPasswordRoute(app, '/api/student/password', tags);
}
