import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagedBody } from '../../../src/shared/contract/common';
import {
  audioIdParamsSchema,
  recordingDetailSchema,
  recordingUploadResultSchema,
  studentRecordingsPageSchema,
} from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import { badRequest, unsupportedMediaType } from '../../lib/http-error';
import { LIST_AND_SEARCH, withSearch } from '../../lib/list-routes';
import { multipartParts, partContent, type MultipartErrors } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import { signedMediaRoute } from '../media/routes';
import { findRecordingById } from './repository';
import * as service from './service';
import type { UploadPart } from './upload';

/** Text fields of an upload: few and short (peaks are the largest, ~200 000 numbers as JSON). */
const MAX_FIELDS = 12;
const MAX_FIELD_BYTES = 4 * 1024 * 1024;

const UPLOAD_ERRORS: MultipartErrors = {
  malformed: RECORDING_TEXT.malformedUpload,
  tooManyFiles: () => badRequest(RECORDING_TEXT.tooManyFiles),
};

/** The parts of the multipart body in the order they come. */
async function* uploadParts(req: FastifyRequest): AsyncGenerator<UploadPart> {
  for await (const part of multipartParts(req, UPLOAD_ERRORS)) {
    if (part.type === 'file') {
      yield { kind: 'file', name: part.fieldname, content: partContent(part.file, UPLOAD_ERRORS.malformed) };
    } else {
      if (part.valueTruncated) throw badRequest(RECORDING_TEXT.malformedUpload);
      yield {
        kind: 'field',
        name: part.fieldname,
        value: typeof part.value === 'string' ? part.value : String(part.value),
      };
    }
  }
}

/** The student's recordings: the upload that ends an exam, the list and the player's detail. */
export async function studentRecordingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['student: recordings'];
  app.addHook('onRequest', app.requireRole('STUDENT'));
  await app.register(multipart, {
    // The cap is enforced by storage (which deletes the partial object); busboy stops just past it.
    throwFileSizeLimit: false,
    limits: {
      fileSize: app.ctx.config.maxRecordingBytes + 1,
      files: 2,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 2,
      fieldSize: MAX_FIELD_BYTES,
      headerPairs: 100,
    },
  });

  r.post(
    '/api/student/exam/complete',
    {
      schema: {
        tags,
        description:
          'multipart/form-data: the file part `audio` and the fields examID, variantID, mime, clientId (UUID), ' +
          'sessionID, duration (s), taskStarts (JSON array of s), peaks (JSON array); fields may come before or ' +
          'after the file. The bytes must be WebM or MP4 (415), at most MAX_RECORDING_MB (413). The same clientId ' +
          'again answers the same recording.',
        response: { 200: recordingUploadResultSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw unsupportedMediaType(RECORDING_TEXT.uploadNotMultipart);
      return service.uploadRecording(app.ctx, currentUser(req).id, uploadParts(req));
    },
  );

  for (const { suffix, querystring } of LIST_AND_SEARCH) {
    r.get(
      `/api/student/audios${suffix}`,
      { schema: { tags, querystring, response: { 200: studentRecordingsPageSchema } } },
      async (req) =>
        pagedBody(
          'audios',
          await service.listStudentRecordings(app.ctx, currentUser(req).id, withSearch(req.query)),
        ),
    );
  }
  r.get(
    '/api/student/audios/:audioID',
    { schema: { tags, params: audioIdParamsSchema, response: { 200: recordingDetailSchema } } },
    (req) => service.getStudentRecording(app.ctx, currentUser(req).id, req.params.audioID),
  );
}

/** A recording's audio at its signed address (the `access` of a recording): no bearer token. */
export async function recordingContentRoutes(app: FastifyInstance): Promise<void> {
  signedMediaRoute(app, {
    path: '/api/recordings/:id/content',
    kind: 'recording',
    description:
      'Audio of a recording at a signed, expiring address. Supports Range (206 / 416); a bad or ' +
      'expired signature answers 403.',
    missing: RECORDING_TEXT.recordingNotFound,
    find: async (id) => {
      const recording = await findRecordingById(app.ctx.db, id);
      return (
        recording && {
          storageKey: recording.storage_key,
          mime: recording.mime,
          name: `${recording.name}.${recording.mime.startsWith('audio/mp4') ? 'm4a' : 'webm'}`,
        }
      );
    },
  });
}
