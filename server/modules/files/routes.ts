import type { Readable } from 'node:stream';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamsSchema, pagedBody } from '../../../src/shared/contract/common';
import {
  filesPageQuerySchema,
  filesPageSchema,
  renameFileBodySchema,
  uploadResultSchema,
} from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { badRequest, HttpError, unsupportedMediaType } from '../../lib/http-error';
import { LIST_AND_SEARCH, withSearch } from '../../lib/list-routes';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: files'];

/** A part's bytes; a broken multipart body surfaces as 400, and the stream is never closed early. */
async function* partContent(stream: Readable): AsyncGenerator<Uint8Array> {
  const it = stream[Symbol.asyncIterator]();
  for (;;) {
    let r: IteratorResult<Uint8Array>;
    try {
      r = await it.next();
    } catch {
      throw badRequest(AUTHORING_TEXT.malformedUpload);
    }
    if (r.done) return;
    yield r.value;
  }
}

function partsError(err: unknown): Error {
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_FILES_LIMIT') return new service.TooManyFiles();
  // Our own limits (parts, fields) answer 413 through the error handler; anything busboy
  // throws about a broken body is the client's fault, never a 500.
  if (err instanceof HttpError || (e.statusCode && e.statusCode < 500)) return err as Error;
  return badRequest(AUTHORING_TEXT.malformedUpload);
}

/** The file parts of a multipart body in order; other fields are read and ignored. */
async function* incomingFiles(req: FastifyRequest): AsyncGenerator<service.IncomingFile> {
  const parts = req.parts();
  for (;;) {
    let r: IteratorResult<Multipart>;
    try {
      r = await parts.next();
    } catch (err) {
      throw partsError(err);
    }
    if (r.done) return;
    const part = r.value;
    if (part.type === 'file') yield { filename: part.filename, content: partContent(part.file) };
  }
}

async function* noFiles(): AsyncGenerator<service.IncomingFile> {}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));
  await app.register(multipart, {
    // Size is enforced by storage (which deletes the partial object); busboy stops just past it.
    throwFileSizeLimit: false,
    limits: {
      fileSize: app.ctx.config.maxFileBytes + 1,
      files: service.MAX_FILES_PER_UPLOAD,
      fields: 20,
      parts: service.MAX_FILES_PER_UPLOAD + 20,
      fieldSize: 4096,
      headerPairs: 100,
    },
  });

  for (const { suffix, querystring } of LIST_AND_SEARCH) {
    r.get(
      `/api/teacher/files${suffix}`,
      { schema: { tags, querystring, response: { 200: filesPageSchema } } },
      async (req) =>
        pagedBody('files', await service.listFiles(app.ctx, currentUser(req).id, withSearch(req.query))),
    );
  }

  r.post(
    '/api/teacher/files',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with repeated `files` parts. Each file is stored or refused on its own ' +
          '(`errors`); 413/415 only when nothing was stored and every file was too large / of a refused type.',
        querystring: filesPageQuerySchema,
        response: {
          200: uploadResultSchema,
          413: z.union([uploadResultSchema, errorBodySchema]),
          415: z.union([uploadResultSchema, errorBodySchema]),
        },
      },
    },
    async (req, reply) => {
      const teacherId = currentUser(req).id;
      // No body at all is an upload of nothing; a body of another kind is a mistake.
      if (!req.isMultipart() && req.headers['content-type']) {
        throw unsupportedMediaType(AUTHORING_TEXT.uploadNotMultipart);
      }
      const files = req.isMultipart() ? incomingFiles(req) : noFiles();
      const result = await service.upload(app.ctx, teacherId, files, req.query);
      return reply.code(result.status).send(result.body);
    },
  );

  r.patch(
    '/api/teacher/files',
    {
      schema: {
        tags,
        querystring: filesPageQuerySchema,
        body: renameFileBodySchema,
        response: { 200: filesPageSchema },
      },
    },
    async (req) =>
      pagedBody('files', await service.renameFile(app.ctx, currentUser(req).id, req.body, req.query)),
  );

  r.delete(
    '/api/teacher/file/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: filesPageQuerySchema,
        response: { 200: filesPageSchema },
      },
    },
    async (req) =>
      pagedBody('files', await service.deleteFile(app.ctx, currentUser(req).id, req.params.id, req.query)),
  );
}
