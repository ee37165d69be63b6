import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '../../../src/shared/contract/common';
import { optionalPasswordBodySchema, passwordQuerySchema } from '../../../src/shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../src/shared/messages';
import { currentUser } from '../../plugins/auth';
import { changeOwnPassword } from './service';

/** `PATCH <path>`: the caller changes their own password; both profile areas answer it alike. */
export function ownPasswordRoute(app: FastifyInstance, path: string, tags: string[]): void {
  app.withTypeProvider<ZodTypeProvider>().patch(
    path,
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
      await changeOwnPassword(app.ctx.db, currentUser(req).id, req.query.password, req.body?.password);
      return { message: SUCCESS_TEXT.passwordUpdated };
    },
  );
}
