import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../src/shared/contract/common';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { forbidden, notFound } from '../../lib/http-error';
import type { MediaKind } from '../../lib/media-url';
import { findFileById } from '../files';
import { sendStoredMedia, type StoredMedia } from './serve';

/** exp and sig are checked by the signer, so a missing or odd one answers 403, not 400. */
const signedQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/**
 * `GET <path>` (with `:id`): stored media by signed address. No bearer token: the signature in
 * the query is the permission, checked before anything is looked up.
 */
export function signedMediaRoute(
  app: FastifyInstance,
  route: {
    path: string;
    kind: MediaKind;
    description: string;
    /** Answered as 404 when `find` has nothing. */
    missing: string;
    find: (id: number) => Promise<StoredMedia | undefined>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    route.path,
    {
      schema: {
        tags: ['media'],
        description: route.description,
        security: [],
        params: idParamsSchema,
        querystring: signedQuerySchema,
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!app.ctx.media.verify(route.kind, id, req.query.exp, req.query.sig)) {
        throw forbidden(AUTHORING_TEXT.mediaLinkInvalid);
      }
      const media = await route.find(id);
      if (!media) throw notFound(route.missing);
      return sendStoredMedia(app.ctx, req, reply, media, Number(req.query.exp));
    },
  );
}

/** A teacher's file at its signed address (the `access` of a file). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  signedMediaRoute(app, {
    path: '/api/files/:id/content',
    kind: 'file',
    description:
      'Content of a teacher’s file at a signed, expiring address (the `access` of a file). ' +
      'Supports Range (206 / 416); a bad or expired signature answers 403.',
    missing: AUTHORING_TEXT.fileNotFound,
    find: async (id) => {
      const file = await findFileById(app.ctx.db, id);
      return file && { storageKey: file.storage_key, mime: file.mime, name: file.name };
    },
  });
}
