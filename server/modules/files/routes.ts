import multipart from '@fastify/multipart';
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
import { unsupportedMediaType } from '../../lib/http-error';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { multipartParts, partContent, type MultipartErrors } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const tags = ['teacher: files'];

const UPLOAD_ERRORS: MultipartErrors = {
  malformed: AUTHORING_TEXT.malformedUpload,
  tooManyFiles: () => new service.TooManyFiles(),
};

/** The file parts of a multipart body in order; other fields are read and ignored. */
async function* incomingFiles(req: FastifyRequest): AsyncGenerator<service.IncomingFile> {
  for await (const part of multipartParts(req, UPLOAD_ERRORS)) {
    if (part.type === 'file') {
      yield { filename: part.filename, content: partContent(part.file, UPLOAD_ERRORS.malformed) };
    }
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

  for (const { url, querystring } of listAndSearch('/api/teacher/files', '/api/teacher/files/search')) {
    r.get(url, { schema: { tags, querystring, response: { 200: filesPageSchema } } }, async (req) =>
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
