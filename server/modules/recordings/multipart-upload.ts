import crypto from 'node:crypto';
import { z } from 'zod';
import {
  RECORDING_UPLOAD_FIELDS,
  recordingUploadFieldsSchema,
  type RecordingUploadFields,
  type RecordingUploadResult,
} from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { createOnce } from '../../lib/create-once';
import { badRequest, type HttpError, notFound } from '../../lib/http-error';
import { drain } from '../../lib/stream-head';
import { noteRefusedUpload } from '../exam-day';
import { unbindUpload, uploadOwner } from './parts-repository';
import * as repo from './repository';
import { stageAudio, stageRefusal, type StagedAudio } from './stage-audio';
import {
  claimUpload,
  findOwnRecording,
  keepStagedIfUsed,
  resolveTarget,
  storeRecording,
  studentSpaceLeft,
  toUploadResult,
} from './store-recording';

// The multipart path: POST /api/student/exam/complete, the whole recording and its description
// in one form (the original contract's upload; this app's client sends parts instead, see
// parts-upload.ts). Both paths end in store-recording.ts.

/**
 * One part of the multipart form (a text field or the file), as the transport hands it over, in
 * the order it came. Not an upload part of the parts path (the contract's UploadPart).
 */
export type FormPart =
  | { kind: 'field'; name: string; value: string }
  /** `content` must be read to its end before the next part comes. */
  | { kind: 'file'; name: string; content: AsyncIterable<Uint8Array> };

/** What the form held: its fields, and the audio staged from its file part. */
interface MultipartUpload {
  fields: RecordingUploadFields;
  /** Null when the bytes were skipped because the clientId was already known. */
  staged: StagedAudio | null;
}

function fieldErrors(error: z.ZodError): HttpError {
  const texts = [...new Set(error.issues.map((i) => i.message))];
  return badRequest(texts.join('; '));
}

const KNOWN_FIELDS = new Set<string>(Object.values(RECORDING_UPLOAD_FIELDS));

/**
 * Reads the whole upload whatever the order of its parts: the audio goes to storage as it
 * streams in, the fields are kept, and only once everything was read are they judged. On any
 * failure nothing stays stored. `isKnownClientId` lets a repeated upload skip storing its bytes
 * when the clientId came before the file.
 */
async function readMultipartUpload(
  ctx: AppContext,
  parts: AsyncIterable<FormPart>,
  isKnownClientId: (clientId: string) => Promise<boolean>,
  spaceLeft: number,
): Promise<MultipartUpload> {
  const raw: Record<string, string> = {};
  let staged: StagedAudio | null = null;
  let sawAudio = false;
  let failure: HttpError | null = null;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        // The first value of a field counts; unknown fields are ignored.
        if (KNOWN_FIELDS.has(part.name) && !(part.name in raw)) raw[part.name] = part.value;
        continue;
      }
      const it = part.content[Symbol.asyncIterator]();
      if (part.name !== RECORDING_UPLOAD_FIELDS.file || sawAudio) {
        await drain(it);
        if (part.name === RECORDING_UPLOAD_FIELDS.file) failure ??= badRequest(RECORDING_TEXT.tooManyFiles);
        continue;
      }
      sawAudio = true;
      const clientId = raw[RECORDING_UPLOAD_FIELDS.clientId];
      if (clientId && z.uuid().safeParse(clientId).success && (await isKnownClientId(clientId))) {
        // A replay of an upload the server already has: its bytes are not needed.
        await drain(it);
        continue;
      }
      const outcome = await stageAudio(ctx, { [Symbol.asyncIterator]: () => it }, spaceLeft);
      if (outcome.kind === 'stored') staged = outcome.audio;
      else failure ??= stageRefusal(ctx, outcome.kind);
    }
    if (failure) throw failure;
    if (!sawAudio) throw badRequest(RECORDING_TEXT.fileMissing);
    const parsed = recordingUploadFieldsSchema.safeParse(raw);
    if (!parsed.success) throw fieldErrors(parsed.error);
    return { fields: parsed.data, staged };
  } catch (err) {
    if (staged) await ctx.storage.delete(staged.key);
    throw err;
  }
}

/**
 * POST /api/student/exam/complete: stores the recording once per clientId. The audio streams to
 * storage while the request is read; it is kept only when everything else holds, and a repeat
 * of a stored clientId answers that recording without keeping a second copy. `arrival`: when the
 * request came (its body still to stream), against which the device's clock is reckoned.
 */
export async function uploadMultipartRecording(
  ctx: AppContext,
  studentId: number,
  parts: AsyncIterable<FormPart>,
  arrival: Date,
): Promise<RecordingUploadResult> {
  const { fields, staged } = await readMultipartUpload(
    ctx,
    parts,
    // A stored recording, or another student's upload: the bytes are not needed either way.
    async (clientId) =>
      (await repo.findRecordingByClientId(ctx.db, clientId)) !== undefined ||
      ![undefined, studentId].includes(await uploadOwner(ctx.db, clientId)),
    await studentSpaceLeft(ctx, studentId),
  );
  // Without a clientId (a client that follows only the plain form) the upload is not idempotent.
  const clientId = fields.clientId ?? crypto.randomUUID();
  const row = await keepStagedIfUsed(ctx, staged, () =>
    createOnce(
      () => findOwnRecording(ctx, studentId, clientId),
      async () => {
        // Bound to another account by its parts: never filed as this student's.
        await claimUpload(ctx, studentId, clientId);
        // The bytes were skipped for a clientId that was stored then, and is gone now (deleted).
        if (!staged) throw notFound(RECORDING_TEXT.recordingNotFound);
        const target = await resolveTarget(ctx, studentId, fields);
        return storeRecording(ctx, studentId, clientId, fields, staged, target, arrival);
      },
    ),
  ).catch(async (err: unknown) => {
    // A refusal for good shows on the exam's progress view.
    await noteRefusedUpload(ctx, err, {
      examId: fields.examID,
      studentId,
      clientId,
      arrival,
      recordedAt: fields.recordedAt,
      clientSentAt: fields.clientSentAt,
    });
    throw err;
  });
  // The recording holds the clientId now.
  await unbindUpload(ctx.db, clientId, studentId);
  return toUploadResult(row);
}
