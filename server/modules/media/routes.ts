import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../src/shared/contract/common';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { forbidden, notFound } from '../../lib/http-error';
import { findFileById } from '../files/repository';
import { sendStoredMedia } from './serve';

const tags = ['media'];

/** exp and sig are checked by the signer, so a missing or odd one answers 403, not 400. */
export const signedQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/** Media by signed address: no bearer token, the signature in the query is the permission. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/files/:id/content',
    {
      schema: {
        tags,
        description:
          'Content of a teacher’s file at a signed, expiring address (the `access` of a file). ' +
          'Supports Range (206 / 416); a bad or expired signature answers 403.',
        security: [],
        params: idParamsSchema,
        querystring: signedQuerySchema,
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!app.ctx.media.verify('file', id, req.query.exp, req.query.sig)) {
        throw forbidden(AUTHORING_TEXT.mediaLinkInvalid);
      }
      const file = await findFileById(app.ctx.db, id);
      if (!file) throw notFound(AUTHORING_TEXT.fileNotFound);
      return sendStoredMedia(
        app.ctx,
        req,
        reply,
        { storageKey: file.storage_key, mime: file.mime, name: file.name },
        Number(req.query.exp),
      );
    },
  );
}
