import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authenticateBodySchema,
  loginResponseSchema,
  newPasswordBodySchema,
  recoverBodySchema,
  recoverIdParamsSchema,
  registerBodySchema,
  roleResponseSchema,
  tokensSchema,
} from '../../../src/shared/contract/auth';
import { messageSchema } from '../../../src/shared/contract/common';
import { userSchema } from '../../../src/shared/contract/users';
import { ROLES } from '../../../src/shared/roles';
import { bearerToken, currentUser } from '../../plugins/auth';
import { toUserDto } from '../users/repository';
import * as service from './service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  for (const role of ['TEACHER', 'STUDENT'] as const) {
    r.post(
      `/api/auth/register/${role.toLowerCase()}`,
      { schema: { tags, body: registerBodySchema, response: { 200: userSchema } } },
      async (req) => toUserDto(await service.register(app.ctx, role, req.body)),
    );
  }

  r.post(
    '/api/auth/authenticate',
    { schema: { tags, body: authenticateBodySchema, response: { 200: loginResponseSchema } } },
    async (req) => service.authenticate(app.ctx, req.body, req.ip),
  );

  r.post(
    '/api/auth/refresh-token',
    {
      schema: {
        tags,
        description: 'The refresh token is sent as the bearer.',
        response: { 200: tokensSchema },
      },
    },
    async (req) => service.refresh(app.ctx, bearerToken(req)),
  );

  r.get(
    '/api/auth/role',
    { onRequest: app.requireRole(...ROLES), schema: { tags, response: { 200: roleResponseSchema } } },
    async (req) => ({ role: await service.role(app.ctx, currentUser(req).id) }),
  );

  r.post(
    '/api/auth/recover',
    { schema: { tags, body: recoverBodySchema, response: { 200: messageSchema } } },
    async (req) => service.requestRecovery(app.ctx, req.body.email),
  );

  r.post(
    '/api/auth/recover/:recoverID',
    {
      schema: {
        tags,
        params: recoverIdParamsSchema,
        body: newPasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => service.completeRecovery(app.ctx, req.params.recoverID, req.body.password),
  );
}
