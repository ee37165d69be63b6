import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  messageSchema,
  pagedBody,
  pageQuerySchema,
} from '../../../src/shared/contract/common';
import {
  commentCreateBodySchema,
  commentUpdateBodySchema,
  reviewCommentSchema,
  statisticsPageSchema,
  switchCheckedResponseSchema,
  teacherRecordingDetailSchema,
  VOICE_CONTENT_TYPES,
  VOICE_MAX_BYTES,
  VOICE_MAX_SECONDS,
  voiceQuerySchema,
} from '../../../src/shared/contract/review';
import { audioIdParamsSchema } from '../../../src/shared/contract/student';
import { RECORDING_TEXT, SUCCESS_TEXT } from '../../../src/shared/messages';
import { payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { signedMediaRoute } from '../media';
import * as recordings from '../recordings';
import * as service from './service';
import * as voice from './voice';

const tags = ['teacher: review'];

/** The teacher's side of recordings: statistics, the exports (scores.csv, exam.zip), the player's detail, checks and comments. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('TEACHER'));

  r.get(
    '/api/teacher/exam/:id/statistics',
    {
      schema: {
        tags,
        description: 'One row per assigned student, by surname; completed = has a recording of the exam.',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: statisticsPageSchema },
      },
    },
    async (req) =>
      pagedBody('sessions', await service.statistics(app.ctx, currentUser(req).id, req.params.id, req.query)),
  );

  r.get(
    '/api/teacher/exam/:id/scores.csv',
    {
      schema: {
        // Listed with grading in the API document, as it always was.
        tags: ['teacher: grading'],
        description:
          'One row per assigned student (the grade of the latest recording): UTF-8 with BOM, `;`-separated, ' +
          'Russian headers; streamed.',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const csv = await service.examScoresCsv(app.ctx, currentUser(req).id, req.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="scores.csv"')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(csv);
    },
  );

  r.get(
    '/api/teacher/exam/:id/audios',
    {
      schema: {
        tags,
        description:
          'The exam’s recordings as exam.zip, streamed: entries `<surname>_<name>_<yyyy-mm-dd_hh-mm>.<ext>`.',
        params: idParamsSchema,
      },
    },
    async (req, reply) => {
      const aborted = new AbortController();
      const archive = await service.examZip(app.ctx, currentUser(req).id, req.params.id, aborted.signal);
      // The client went away before the end: stop reading storage.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="exam.zip"')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(archive);
    },
  );

  r.get(
    '/api/teacher/audios/:audioID',
    { schema: { tags, params: audioIdParamsSchema, response: { 200: teacherRecordingDetailSchema } } },
    (req) => recordings.getTeacherRecording(app.ctx, currentUser(req).id, req.params.audioID),
  );
  r.delete(
    '/api/teacher/audio/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: messageSchema } } },
    async (req) => {
      await recordings.deleteTeacherRecording(app.ctx, currentUser(req).id, req.params.id);
      return { message: SUCCESS_TEXT.audioDeleted };
    },
  );
  r.post(
    '/api/teacher/audios/:id/switch',
    { schema: { tags, params: idParamsSchema, response: { 200: switchCheckedResponseSchema } } },
    (req) => recordings.switchChecked(app.ctx, currentUser(req).id, req.params.id),
  );

  r.post(
    '/api/teacher/comment',
    {
      schema: {
        tags,
        description:
          'With `clientId` (UUID) the create is idempotent: a replay answers the same comment, or 404 once it ' +
          'was deleted (it never comes back); the clientId of another teacher’s or recording’s comment answers 409.',
        body: commentCreateBodySchema,
        response: { 200: reviewCommentSchema },
      },
    },
    (req) => service.createComment(app.ctx, currentUser(req).id, req.body),
  );
  r.patch(
    '/api/teacher/comment',
    {
      schema: {
        tags,
        description:
          'Edits a comment (404 once deleted). Optional clientUpdatedAt (when the edit was made) and ' +
          'clientSentAt (the device clock when sending), ISO-8601: edits are ordered by clientUpdatedAt ' +
          'corrected by the device’s clock offset (arrival − clientSentAt), never later than the arrival; ' +
          'without them by arrival. An edit made before the stored one answers 200 with the comment as it ' +
          'stands, unchanged.',
        body: commentUpdateBodySchema,
        response: { 200: reviewCommentSchema },
      },
    },
    (req) => service.updateComment(app.ctx, currentUser(req).id, req.body),
  );
  // A voice is raw audio, small enough to take whole (the parser refuses more with 413).
  app.addContentTypeParser(
    [...VOICE_CONTENT_TYPES],
    { parseAs: 'buffer', bodyLimit: VOICE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  r.put(
    '/api/teacher/comment/:id/voice',
    {
      // A declared length over the cap is refused before a byte is read, in the voice's words.
      onRequest: async (req) => {
        if (Number(req.headers['content-length']) > VOICE_MAX_BYTES)
          throw payloadTooLarge(voice.voiceTooLargeText());
      },
      schema: {
        tags,
        description:
          'The comment’s spoken part as the raw body: `Content-Type: audio/webm` or `audio/mp4` (415 otherwise), ' +
          `the bytes WebM or MP4 by their magic numbers (415), at most ${VOICE_MAX_BYTES} bytes (413); ` +
          `\`duration\` in the query: seconds, over 0 and at most ${VOICE_MAX_SECONDS} (400). The same again ` +
          'replaces it (a replay is harmless); the answer is the comment with `voice` at a new signed address. ' +
          '404 when the comment is missing, deleted or another teacher’s.',
        params: idParamsSchema,
        querystring: voiceQuerySchema,
        response: { 200: reviewCommentSchema },
      },
    },
    (req) => {
      if (!Buffer.isBuffer(req.body)) throw unsupportedMediaType(RECORDING_TEXT.voiceTypeRefused);
      return voice.putCommentVoice(app.ctx, currentUser(req).id, req.params.id, {
        bytes: req.body,
        declaredType: req.headers['content-type'],
        duration: req.query.duration,
      });
    },
  );
  r.delete(
    '/api/teacher/comment/:id/voice',
    {
      schema: {
        tags,
        description:
          'Removes the comment’s spoken part (none: nothing changes); answers the comment with `voice: null`. ' +
          '404 when the comment is missing, deleted or another teacher’s.',
        params: idParamsSchema,
        response: { 200: reviewCommentSchema },
      },
    },
    (req) => voice.deleteCommentVoice(app.ctx, currentUser(req).id, req.params.id),
  );

  r.delete(
    '/api/teacher/comment/:id',
    {
      schema: {
        tags,
        description:
          'Deletes a comment and its voice (404 when missing or another teacher’s); its clientId stays taken, so ' +
          'a replayed create answers 404.',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.deleteComment(app.ctx, currentUser(req).id, req.params.id);
      return { message: RECORDING_TEXT.commentDeleted };
    },
  );
}

/** A comment's voice at its signed address (the `access` of a comment's `voice`): no bearer token. */
export async function voiceContentRoutes(app: FastifyInstance): Promise<void> {
  signedMediaRoute(app, {
    path: '/api/voices/:id/content',
    kind: 'voice',
    description:
      'A comment’s spoken part at a signed, expiring address; a replaced voice has a new one. Supports ' +
      'Range (206 / 416); a bad or expired signature answers 403.',
    missing: RECORDING_TEXT.voiceNotFound,
    find: (id) => voice.findVoiceMedia(app.ctx.db, id),
  });
}
