import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { ERROR_TEXT } from '../../../src/shared/messages';
import { ROLES } from '../../../src/shared/roles';
import { forbidden, HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { byAddress } from '../../plugins/rate-limit';
import { toUserDto } from '../users';
import {
  clearRefreshCookie,
  isForeignRequest,
  presentedRefreshToken,
  tokenAnswer,
  wantsCookieOnly,
} from './cookie';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie';
import * as service from './service';
import { retryAfterHeader } from './throttle';

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

  /** The presented refresh token, refused (403) when it is the cookie and the request comes from elsewhere. */
  const ownRefreshToken = (req: FastifyRequest) => {
    const presented = presentedRefreshToken(req);
    if (presented?.from === 'cookie' && isForeignRequest(req, app.ctx.config.publicUrl)) {
      throw forbidden(ERROR_TEXT.foreignOrigin);
    }
    return presented;
  };

  r.post(
    '/api/auth/authenticate',
    {
      schema: {
        tags,
        description:
          'Past an account’s failure limit, one password check at a time, spaced by a growing delay; the ' +
          'others answer 429 at once with `Retry-After`. A success sets the device cookie `ustno_device` ' +
          '(OWASP device cookies): that device’s logins of the account skip this hold.',
        body: authenticateBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        const issued = await service.authenticate(app.ctx, app.deviceCookies, req.body, {
          ip: req.ip,
          address: byAddress(req),
          deviceCookie: req.cookies[DEVICE_COOKIE],
        });
        setDeviceCookie(reply, issued.deviceCookie);
        return { ...tokenAnswer(req, reply, issued), role: issued.role };
      } catch (err) {
        retryAfterHeader(reply, err);
        throw err;
      }
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
          'answer omits `refresh_token`. With the cookie, a request whose `Origin` is not the app’s own or ' +
          'whose `Sec-Fetch-Site` is `cross-site`/`same-site` answers 403. The cookie is cleared only when ' +
          'the token is refused for good (401), never on a server failure.',
        response: { 200: tokensSchema },
      },
    },
    async (req, reply) => {
      const presented = ownRefreshToken(req);
      try {
        const issued = await service.refresh(app.ctx, presented?.token ?? null);
        return tokenAnswer(req, reply, issued, presented?.from === 'cookie' || wantsCookieOnly(req));
      } catch (err) {
        // A cookie refused for good is not sent again; after a failure of ours (a 5xx) it still
        // works, and the device must stay signed in to retry.
        if (presented?.from === 'cookie' && err instanceof HttpError && err.statusCode === 401) {
          clearRefreshCookie(reply);
        }
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
          'else the cookie `ustno_refresh`): its whole family is revoked (its access tokens stop working at ' +
          'once) and the cookie cleared. Always 204, also for a token that is unknown or already ended; ' +
          '403 when the cookie comes from another site, as for the refresh.',
        response: { 204: logoutResponseSchema },
      },
    },
    async (req, reply) => {
      await service.logout(app.ctx, ownRefreshToken(req)?.token ?? null);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/auth/role',
    { onRequest: app.requireRole(...ROLES), schema: { tags, response: { 200: roleResponseSchema } } },
    // The access check has just read the account's role from the database: no second read.
    async (req) => ({ role: currentUser(req).role }),
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
