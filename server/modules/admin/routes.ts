import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminCreateUserBodySchema,
  adminUpdateUserBodySchema,
  attemptsPageSchema,
  loginsPageSchema,
  metricsSchema,
  userIdParamsSchema,
} from '../../../src/shared/contract/admin';
import {
  idParamsSchema,
  pagedBody,
  pagedSchema,
  pageQuerySchema,
  searchPageQuerySchema,
} from '../../../src/shared/contract/common';
import { userSchema } from '../../../src/shared/contract/users';
import * as service from './service';

const tags = ['admin'];

/** The paths of one kind of account, written out where they are registered. */
interface UserAreaPaths {
  list: string;
  search: string;
  one: string;
  write: string;
}

function userArea(
  app: FastifyInstance,
  role: service.ManagedRole,
  plural: 'students' | 'teachers',
  paths: UserAreaPaths,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One body type for both keys: zod's mapped key type cannot follow a generic here.
  const page: z.ZodType<object> = pagedSchema(plural, userSchema);
  const list = async (q: { page_size: number; page_number: number; search_string?: string }) =>
    pagedBody(plural, await service.listUsers(app.ctx, role, { ...q, search_string: q.search_string ?? '' }));

  r.get(paths.list, { schema: { tags, querystring: pageQuerySchema, response: { 200: page } } }, (req) =>
    list(req.query),
  );
  r.get(
    paths.search,
    { schema: { tags, querystring: searchPageQuerySchema, response: { 200: page } } },
    (req) => list(req.query),
  );
  r.get(paths.one, { schema: { tags, params: idParamsSchema, response: { 200: userSchema } } }, (req) =>
    service.getUser(app.ctx, role, req.params.id),
  );
  r.post(
    paths.write,
    { schema: { tags, body: adminCreateUserBodySchema, response: { 200: userSchema } } },
    (req) => service.createUser(app.ctx, role, req.body),
  );
  r.patch(
    paths.write,
    { schema: { tags, body: adminUpdateUserBodySchema, response: { 200: userSchema } } },
    (req) => service.updateUser(app.ctx, role, req.body),
  );
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('ADMIN'));

  r.get('/api/admin/metrics', { schema: { tags, response: { 200: metricsSchema } } }, () =>
    service.metrics(app.ctx),
  );

  userArea(app, 'STUDENT', 'students', {
    list: '/api/admin/students',
    search: '/api/admin/students/search',
    one: '/api/admin/students/:id',
    write: '/api/admin/student',
  });
  userArea(app, 'TEACHER', 'teachers', {
    list: '/api/admin/teachers',
    search: '/api/admin/teachers/search',
    one: '/api/admin/teachers/:id',
    write: '/api/admin/teacher',
  });

  r.get(
    '/api/admin/metrics/logins/:userID',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: loginsPageSchema },
      },
    },
    async (req) => pagedBody('logins', await service.listLogins(app.ctx, req.params.userID, req.query)),
  );
  r.get(
    '/api/admin/metrics/recoveries/:userID',
    {
      schema: {
        tags,
        params: userIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: attemptsPageSchema },
      },
    },
    async (req) => pagedBody('attempts', await service.listRecoveries(app.ctx, req.params.userID, req.query)),
  );
}
