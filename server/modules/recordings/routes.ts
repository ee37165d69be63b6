import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagedBody } from '../../../src/shared/contract/common';
import {
  audioIdParamsSchema,
  RECORDING_PART_MAX_BYTES,
  recordingDetailSchema,
  recordingUploadResultSchema,
  studentRecordingsPageSchema,
  uploadClientIdParamsSchema,
  uploadCompleteBodySchema,
  uploadPartParamsSchema,
  uploadPartQuerySchema,
  uploadPartSchema,
  uploadStatusSchema,
  UPLOAD_SLOT_TIMING,
} from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { listAndSearch, withSearch } from '../../lib/list-routes';
import { Slots } from '../../lib/slots';
import { multipartParts, partContent, type MultipartErrors } from '../../lib/multipart';
import { type AccountState, confirmAccess, currentUser, pendingAccess } from '../../plugins/auth';
import { signedMediaRoute } from '../media';
import { findRecordingById } from './repository';
import { uploadMultipartRecording, type FormPart } from './multipart-upload';
import { completePartsUpload, partsUploadStatus, putUploadPart, type PartBody } from './parts-upload';
import * as service from './service';
import { recordingExtension } from '../../../src/shared/recording-media';

/**
 * Text fields of an upload: few and short (peaks are the largest, ~200 000 numbers as JSON); the
 * twelve the form knows and a few a client may add.
 */
const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 4 * 1024 * 1024;

const UPLOAD_ERRORS: MultipartErrors = {
  malformed: RECORDING_TEXT.malformedUpload,
  tooManyFiles: () => badRequest(RECORDING_TEXT.tooManyFiles),
};

/**
 * When the request came, before it waited for an upload slot or streamed its body: the device's
 * clock is reckoned against it (its clientSentAt is when it sent), so a class burst at the
 * exam's close does not make answers recorded in time look late.
 */
const arrivalOf = (reply: FastifyReply) => new Date(Date.now() - reply.elapsedTime);

/** The fields and the file of the multipart form in the order they come. */
async function* formParts(req: FastifyRequest): AsyncGenerator<FormPart> {
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

function partTooLarge() {
  return payloadTooLarge(RECORDING_TEXT.partTooLarge(RECORDING_PART_MAX_BYTES / 1024));
}

/**
 * A part's bytes and their size: as its request streams them when it declares its length (over
 * the cap it is refused unread), read whole up to the cap when it does not (chunked).
 */
async function partBody(body: unknown, headers: IncomingHttpHeaders): Promise<PartBody> {
  if (!(body instanceof Readable)) throw unsupportedMediaType(RECORDING_TEXT.partNotBinary);
  const declared = headers['content-length'];
  if (declared !== undefined) {
    const size = Number(declared);
    if (size > RECORDING_PART_MAX_BYTES) throw partTooLarge();
    return { size, content: body };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > RECORDING_PART_MAX_BYTES) throw partTooLarge();
    chunks.push(chunk);
  }
  return { size, content: yieldOnce(Buffer.concat(chunks)) };
}

async function* yieldOnce(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** The student's recordings: the upload that ends an exam, the list and the player's detail. */
export async function studentRecordingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['student: recordings'];
  const uploadSlots = new Slots(app.ctx.config.maxConcurrentUploads);
  /**
   * A request carrying a recording's bytes is read only once it holds an upload slot, kept until
   * its answer is sent or its connection drops: in a class burst the bytes wait in the sockets,
   * not in the server's memory (a part is read whole, a multipart body as it streams).
   */
  const holdUploadSlot = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const asked = performance.now();
    const slot = uploadSlots.acquire();
    // Given back when the connection closes, even if that comes while the request still waits.
    const giveBack = () => void slot.then((release) => release());
    if (reply.raw.destroyed) giveBack();
    else reply.raw.once('close', giveBack);
    await slot;
    // The device sizes its next part by how fast its link carried this one: the wait is not the link's.
    reply.header('server-timing', `${UPLOAD_SLOT_TIMING};dur=${Math.round(performance.now() - asked)}`);
    return payload;
  };
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
      preParsing: holdUploadSlot,
      schema: {
        tags,
        description:
          'multipart/form-data: the file part `audio` and the fields examID, variantID, mime, clientId (UUID), ' +
          'sessionID, duration (s), taskStarts (JSON array of s), questionStarts (JSON array of arrays of s: ' +
          'per task, where each question’s answer began), peaks (JSON array), interrupted, recordedAt and ' +
          'clientSentAt (ISO, the device’s clock); fields may come before or after the file. The bytes must be ' +
          'WebM or MP4 (415), at most MAX_RECORDING_MB (413). The same clientId again answers the same ' +
          'recording; a clientId bound to another account (its parts or its recording) answers 409. The exam ' +
          'must be one given to the student (now: on time; before: kept, marked late) with a variant they were ' +
          'given in it; any other answers 404 like a missing exam. The exam’s rules refuse nothing: an answer ' +
          'recorded after closesAt (recordedAt corrected by arrival − clientSentAt, never past the arrival) is ' +
          'kept marked afterClose and late, one beyond its attempts marked overAttempts.',
        response: { 200: recordingUploadResultSchema },
      },
    },
    (req, reply) => {
      if (!req.isMultipart()) throw unsupportedMediaType(RECORDING_TEXT.uploadNotMultipart);
      return uploadMultipartRecording(app.ctx, currentUser(req).id, formParts(req), arrivalOf(reply));
    },
  );

  // A part is raw bytes, handed on as the request's stream: storage takes them as they arrive.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  r.put(
    '/api/student/uploads/:clientId/parts/:part',
    {
      // Every part of every upload: its account is read with the part's state, in one statement.
      // Its answer does not wait for a disk flush: a part the server lost is sent again.
      config: { accountCheckedByHandler: true, answersBeforeDiskFlush: true },
      preParsing: holdUploadSlot,
      schema: {
        tags,
        description:
          'One part (0-based) of a resumable recording upload, as raw bytes (application/octet-stream, ' +
          'at most 1 MiB; 4096 parts at most). `offset`: where its bytes start in the recording (a part of ' +
          'any size is then written in place; without it only one of at most 256 KiB is, at part × 256 KiB); ' +
          'a part reaching past the largest recording answers 413. The same part again replaces the one ' +
          'before. The first part or ' +
          'status call binds the clientId to the student: another account answers 409. The first part of a ' +
          'new upload while the student holds STUDENT_OPEN_UPLOADS_MAX unfinished ones answers 429 with ' +
          'Retry-After.',
        params: uploadPartParamsSchema,
        querystring: uploadPartQuerySchema,
        response: { 200: uploadPartSchema },
      },
    },
    async (req) => {
      const { clientId, part } = req.params;
      const { offset } = req.query;
      const { userId, family } = pendingAccess(req);
      const sender = {
        studentId: userId,
        family,
        confirm: (account?: AccountState) => confirmAccess(req, account),
      };
      return putUploadPart(app.ctx, sender, clientId, part, async () => ({
        ...(await partBody(req.body, req.headers)),
        ...(offset !== undefined && { offset }),
      }));
    },
  );
  r.get(
    '/api/student/uploads/:clientId',
    {
      schema: {
        tags,
        description:
          'The parts the server holds of the upload (to resume it), and its recording once completed. Binds ' +
          'the clientId to the student; another account’s clientId answers 409 and shows nothing of it.',
        params: uploadClientIdParamsSchema,
        response: { 200: uploadStatusSchema },
      },
    },
    (req) => partsUploadStatus(app.ctx, currentUser(req).id, req.params.clientId),
  );
  r.post(
    '/api/student/uploads/:clientId/complete',
    {
      // Joining the parts reads and writes the whole recording: as costly as its upload.
      preParsing: holdUploadSlot,
      schema: {
        tags,
        description:
          'Joins parts 0..parts-1 into the recording (WebM or MP4, checked by its bytes), once per ' +
          'clientId: a repeat answers the same recording. 409 when parts are missing or the size differs, and ' +
          'when the clientId is another account’s; 404 for an exam or variant never given to the student; 400 ' +
          'when a part but the last is under 64 KiB. Like the multipart upload, an answer recorded after the ' +
          'exam’s closesAt (by recordedAt and clientSentAt) or beyond its attempts is kept and flagged.',
        params: uploadClientIdParamsSchema,
        body: uploadCompleteBodySchema,
        response: { 200: recordingUploadResultSchema },
      },
    },
    (req, reply) =>
      completePartsUpload(app.ctx, currentUser(req).id, req.params.clientId, req.body, arrivalOf(reply)),
  );

  for (const { url, querystring } of listAndSearch('/api/student/audios', '/api/student/audios/search')) {
    r.get(
      url,
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
          name: `${recording.name}.${recordingExtension(recording.mime)}`,
        }
      );
    },
  });
}
