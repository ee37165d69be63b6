import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authenticateBodySchema,
  loginResponseSchema,
  logoutResponseSchema,
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
import { currentUser } from '../../plugins/auth';
import { byAddress } from '../../plugins/rate-limit';
import { toUserDto } from '../users/repository';
import { clearRefreshCookie, presentedRefreshToken, tokenAnswer, wantsCookieOnly } from './cookie';
import * as service from './service';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Counted per address before anything is read, so refused attempts count too.
  const registrationLimit = app.limit({
    name: 'register',
    max: app.ctx.config.registrationsPerAddressPerHour,
    windowMs: 3600_000,
    key: byAddress,
    message: 'Слишком много регистраций с этого адреса',
  });
  const recoveryLimit = app.limit({
    name: 'recover',
    max: app.ctx.config.recoveriesPerAddressPerHour,
    windowMs: 3600_000,
    key: byAddress,
    message: 'Слишком много запросов на восстановление пароля с этого адреса',
  });

  for (const [role, url] of [
    ['TEACHER', '/api/auth/register/teacher'],
    ['STUDENT', '/api/auth/register/student'],
  ] as const) {
    r.post(
      url,
      {
        onRequest: registrationLimit,
        schema: { tags, body: registerBodySchema, response: { 200: userSchema } },
      },
      async (req) => toUserDto(await service.register(app.ctx, role, req.body)),
    );
  }

  r.post(
    '/api/auth/authenticate',
    { schema: { tags, body: authenticateBodySchema, response: { 200: loginResponseSchema } } },
    async (req, reply) => {
      const issued = await service.authenticate(app.ctx, req.body, req.ip);
      return { ...tokenAnswer(req, reply, issued), role: issued.role };
    },
  );

  r.post(
    '/api/auth/refresh-token',
    {
      schema: {
        tags,
        description:
          'The refresh token is sent as the bearer, or (with no bearer) comes from the cookie `ustno_refresh`, ' +
          'which every login and refresh sets. From the cookie, or with `X-Refresh-Transport: cookie`, the ' +
          'answer omits `refresh_token`.',
        response: { 200: tokensSchema },
      },
    },
    async (req, reply) => {
      const presented = presentedRefreshToken(req);
      try {
        const issued = await service.refresh(app.ctx, presented?.token ?? null);
        return tokenAnswer(req, reply, issued, presented?.from === 'cookie' || wantsCookieOnly(req));
      } catch (err) {
        // A cookie that no longer works is not sent again.
        if (presented?.from === 'cookie') clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        description:
          'Ends the session of the refresh token, sent as `/api/auth/refresh-token` takes it (the bearer, ' +
          'else the cookie `ustno_refresh`): its whole family is revoked and the cookie cleared. ' +
          'Always 204, also for a token that is unknown or already ended.',
        response: { 204: logoutResponseSchema },
      },
    },
    async (req, reply) => {
      await service.logout(app.ctx, presentedRefreshToken(req)?.token ?? null);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/auth/role',
    { onRequest: app.requireRole(...ROLES), schema: { tags, response: { 200: roleResponseSchema } } },
    async (req) => ({ role: await service.role(app.ctx, currentUser(req).id) }),
  );

  r.post(
    '/api/auth/recover',
    { onRequest: recoveryLimit, schema: { tags, body: recoverBodySchema, response: { 200: messageSchema } } },
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
