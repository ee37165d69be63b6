import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { idParamsSchema } from '../../../src/shared/contract/common';
import {
  examProgressSchema,
  IMPORT_FILES_FIELD,
  IMPORT_FILES_MAX,
  importResultsSchema,
  progressReportBodySchema,
  USTNO_FILE_EXTENSION,
} from '../../../src/shared/contract/progress';
import { EXAM_DAY_TEXT } from '../../../src/shared/messages';
import { badRequest, unsupportedMediaType } from '../../lib/http-error';
import { multipartParts, partContent, type MultipartErrors } from '../../lib/multipart';
import { Slots } from '../../lib/slots';
import { drain } from '../../lib/stream-head';
import { ACCESS_TOKEN_SECONDS, bearerToken, currentUser } from '../../plugins/auth';
import { byUser } from '../../plugins/rate-limit';
import {
  assertImportAllowed,
  importFiles,
  maxImportFileBytes,
  type Importer,
  type ImportPart,
} from './import';
import * as service from './service';

/**
 * Reports per student per minute: a device reports on start, each task, finish and its outbox's
 * changes (the latest value only), a few dozen in an exam; this bounds a client gone wrong.
 */
const REPORTS_PER_MINUTE = 120;

/** When the request came: the device's clock is reckoned against it. */
const arrivalOf = (reply: FastifyReply) => new Date(Date.now() - reply.elapsedTime);

const IMPORT_ERRORS: MultipartErrors = {
  malformed: EXAM_DAY_TEXT.importMalformed,
  tooManyFiles: () => badRequest(EXAM_DAY_TEXT.importTooManyFiles(IMPORT_FILES_MAX)),
};

/** The `files` parts of the form in the order they come; other parts are read past. */
async function* importParts(req: FastifyRequest): AsyncGenerator<ImportPart> {
  for await (const part of multipartParts(req, IMPORT_ERRORS)) {
    if (part.type !== 'file') continue;
    const content = partContent(part.file, IMPORT_ERRORS.malformed);
    if (part.fieldname !== IMPORT_FILES_FIELD) {
      await drain(content);
      continue;
    }
    yield { name: part.filename || `ответ${USTNO_FILE_EXTENSION}`, content };
  }
}

/**
 * The import's form: `files` repeated, each a `.ustno` zip; past IMPORT_FILES_MAX they are refused
 * one by one, past twice that the request is (400). Files are read one at a time.
 */
async function registerImportForm(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: maxImportFileBytes(app.ctx) + 1,
      files: IMPORT_FILES_MAX * 2,
      fields: 10,
      parts: IMPORT_FILES_MAX * 2 + 10,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });
}

/** The import slots of each app (both roles' imports share them). */
const importSlots = new WeakMap<FastifyInstance['ctx'], Slots>();

/**
 * Imports carry recordings' bytes: at most a few read at once per instance (a quarter of
 * MAX_CONCURRENT_UPLOADS, the teacher's and the students' together), the others wait with their
 * bytes in the sockets.
 */
function importSlotHook(app: FastifyInstance) {
  const { ctx } = app;
  let slots = importSlots.get(ctx);
  if (!slots) {
    slots = new Slots(Math.max(1, Math.floor(ctx.config.maxConcurrentUploads / 4)));
    importSlots.set(ctx, slots);
  }
  const shared = slots;
  return async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const slot = shared.acquire();
    const giveBack = () => void slot.then((release) => release());
    if (reply.raw.destroyed) giveBack();
    else reply.raw.once('close', giveBack);
    await slot;
    return payload;
  };
}

/** An import's answer; a request that is no form is refused after the exam's check (404 first). */
async function importForm(req: FastifyRequest, reply: FastifyReply, importer: Importer, examId: number) {
  const { ctx } = req.server;
  if (!req.isMultipart()) {
    await assertImportAllowed(ctx, importer, examId);
    throw unsupportedMediaType(EXAM_DAY_TEXT.importNotMultipart);
  }
  return importFiles(ctx, importer, examId, importParts(req), arrivalOf(reply));
}

const IMPORT_DESCRIPTION =
  'multipart/form-data, the field `files` repeated (at most 50 per request), each a `.ustno` file: a zip ' +
  'holding answer.json ({ version: 1, examID, variantID, studentId, clientId, mime, duration, taskStarts, ' +
  'questionStarts?, recordedAt, interrupted }) and answer.webm or answer.m4a. Each file is attached to its ' +
  'student once by its clientId (again: `duplicate` with the recording), or refused with a reason: another ' +
  'exam, a student not given the exam or the variant, a broken zip or description, bytes that are not WebM ' +
  'or MP4, the caps of a recording (MAX_RECORDING_MB, the student’s space and recordings per exam).';

/** The student's side: progress reports and their own answers brought as files. */
export async function studentExamDayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['student: exam day'];
  app.addHook('onRequest', app.requireRole('STUDENT'));
  const reportLimit = app.limit({
    name: 'progress-reports',
    max: REPORTS_PER_MINUTE,
    windowMs: 60_000,
    key: byUser,
    message: EXAM_DAY_TEXT.tooManyReports,
  });
  await registerImportForm(app);

  r.post(
    '/api/student/exam/:id/progress',
    {
      // A courtesy every device sends at each step: one lost to a crash is the next one's to tell.
      config: { answersBeforeDiskFlush: true },
      preHandler: reportLimit,
      schema: {
        tags,
        description:
          'Where an attempt (its recording’s clientId) stands on the device: started, recording (task, question) ' +
          'or finished (pendingBytes still on the device). `at` is when, by the device’s clock, corrected by ' +
          'arrival − clientSentAt and never past the arrival; a report older than the one held for the clientId ' +
          'changes nothing. 404 for an exam (or variantID) never given to the student; 429 past ' +
          `${REPORTS_PER_MINUTE} reports a minute.`,
        params: idParamsSchema,
        body: progressReportBodySchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      await service.reportProgress(app.ctx, currentUser(req).id, req.params.id, req.body, arrivalOf(reply));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/student/exam/:id/import',
    {
      preParsing: importSlotHook(app),
      schema: {
        tags,
        description: `${IMPORT_DESCRIPTION} A student may send only their own files (studentId theirs).`,
        params: idParamsSchema,
        response: { 200: importResultsSchema },
      },
    },
    async (req, reply) => {
      const importer: Importer = { role: 'STUDENT', studentId: currentUser(req).id };
      return importForm(req, reply, importer, req.params.id);
    },
  );
}

/** When the request's access token expires (ms): its event stream ends then. */
function tokenExpiry(req: FastifyRequest): number {
  const token = bearerToken(req);
  try {
    const exp = token ? decodeJwt(token).exp : undefined;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Verified by the role hook already; a token without exp lives no longer than any other.
  }
  return Date.now() + ACCESS_TOKEN_SECONDS * 1000;
}

/** The teacher's side: the exam's progress, live, and answers brought as files. */
export async function teacherExamDayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teacher: exam day'];
  app.addHook('onRequest', app.requireRole('TEACHER'));
  await registerImportForm(app);

  r.get(
    '/api/teacher/exam/:id/progress',
    {
      schema: {
        tags,
        description:
          'Every student assigned to the exam, by surname: the state of their latest attempt (not-started, ' +
          'in-progress, on-device, received, refused), its task and question, the variant’s task count, bytes ' +
          'still on the device, when the server last heard of it, the recording received (and whether late) or ' +
          'why it was refused.',
        params: idParamsSchema,
        response: { 200: examProgressSchema },
      },
    },
    (req) => service.teacherProgress(app.ctx, currentUser(req).id, req.params.id),
  );

  r.get(
    '/api/teacher/exam/:id/progress/events',
    {
      // An event stream is neither compressed (it would be buffered) nor answered to HEAD.
      compress: false,
      exposeHeadRoute: false,
      schema: {
        tags,
        description:
          'text/event-stream: a `progress` event with the whole progress answer (as GET …/progress) on connect ' +
          'and on every change (a report, a recording stored, an upload refused), and a comment line every ' +
          'PROGRESS_HEARTBEAT_SECONDS. Ends when the access token expires (open it again with a fresh one) or ' +
          'the server stops. Read it with fetch and the bearer header (never a token in the address).',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const out = new PassThrough();
      // A foreign or missing exam answers 404 here, before the stream begins.
      await service.openProgressStream(app.ctx, currentUser(req).id, req.params.id, out, tokenExpiry(req));
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          // nginx passes it on as it comes instead of buffering it.
          .header('X-Accel-Buffering', 'no')
          .send(out)
      );
    },
  );

  r.post(
    '/api/teacher/exam/:id/import',
    {
      preParsing: importSlotHook(app),
      schema: {
        tags,
        description: `${IMPORT_DESCRIPTION} The exam must be the teacher’s (another’s answers 404 like a missing one).`,
        params: idParamsSchema,
        response: { 200: importResultsSchema },
      },
    },
    async (req, reply) => {
      const importer: Importer = { role: 'TEACHER', teacherId: currentUser(req).id };
      return importForm(req, reply, importer, req.params.id);
    },
  );
}
