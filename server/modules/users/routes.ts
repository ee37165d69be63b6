import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangedSchema } from '../../../src/shared/contract/auth';
import { optionalPasswordBodySchema, passwordQuerySchema } from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import { tokenAnswer } from '../auth/cookie';
import { startSession } from '../auth/service';
import { changeOwnPassword } from './service';

/** `PATCH <path>`: the caller changes their own password; both profile areas answer it alike. */
export function ownPasswordRoute(app: FastifyInstance, path: string, tags: string[]): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    path,
    {
      schema: {
        tags,
        description:
          'The new password as `?password=` (as the spec sends it) or as a JSON body `{ password }`. ' +
          'Every earlier session ends; the answer carries a new one for the caller (and sets the refresh ' +
          'cookie; with `X-Refresh-Transport: cookie` the JSON omits `refresh_token`).',
        querystring: passwordQuerySchema,
        body: optionalPasswordBodySchema,
        response: { 200: passwordChangedSchema },
      },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await changeOwnPassword(app.ctx, userId, req.query.password, req.body?.password);
      const issued = await startSession(app.ctx, userId);
      return { message: SUCCESS_TEXT.passwordUpdated, ...tokenAnswer(req, reply, issued) };
    },
  );
}
