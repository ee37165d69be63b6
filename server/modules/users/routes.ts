import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangedSchema } from '../../../src/shared/contract/auth';
import { optionalPasswordBodySchema, passwordQuerySchema } from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import { byAddress } from '../../plugins/rate-limit';
import { retryAfterHeader, startSession, tokenAnswer } from '../auth';
import { changeOwnPassword } from './service';

/** What both profile areas' `PATCH /api/{role}/data` says of the current password. */
export const OWN_DATA_DESCRIPTION =
  'Takes the current password as `currentPassword` (a wrong one: 403, nothing changes; past the login ' +
  'limits 429 with `Retry-After`); without it the change is taken only within 5 minutes of the ' +
  'session’s password login, else 403.';

/** Runs an own change, passing a throttling refusal's wait on as `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    retryAfterHeader(reply, err);
    throw err;
  }
}

/** `PATCH <path>`: the caller changes their own password; both profile areas answer it alike. */
export function ownPasswordRoute(app: FastifyInstance, path: string, tags: string[]): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    path,
    {
      schema: {
        tags,
        description:
          'The new password as `?password=` (as the spec sends it) or as a JSON body `{ password }`, with ' +
          'the current one as `currentPassword` in the JSON body (a wrong one: 403, nothing changes; past ' +
          'the login limits 429 with `Retry-After`). Without `currentPassword` the change is taken only ' +
          'within 5 minutes of the session’s password login, else 403. Every earlier session ends; the ' +
          'answer carries a new one for the caller (and sets the refresh cookie; with ' +
          '`X-Refresh-Transport: cookie` the JSON omits `refresh_token`).',
        querystring: passwordQuerySchema,
        body: optionalPasswordBodySchema,
        response: { 200: passwordChangedSchema },
      },
    },
    (req, reply) =>
      withRetryAfter(reply, async () => {
        const caller = currentUser(req);
        const { authTime } = await changeOwnPassword(
          app.ctx,
          caller,
          {
            fromQuery: req.query.password,
            fromBody: req.body?.password,
            currentPassword: req.body?.currentPassword,
          },
          byAddress(req),
        );
        const issued = await startSession(app.ctx, caller.id, authTime);
        return { message: SUCCESS_TEXT.passwordUpdated, ...tokenAnswer(req, reply, issued) };
      }),
  );
}
