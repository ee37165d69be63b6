import { namedKey, StorageLimitError } from '../../adapters/storage';
import {
  RECORDING_PART_BYTES,
  RECORDING_PART_MAX_BYTES,
  RECORDING_PART_MIN_BYTES,
  type RecordingUploadResult,
  type UploadCompleteBody,
  type UploadPart,
  type UploadStatus,
} from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { AccountState } from '../../plugins/auth';
import { createOnce } from '../../lib/create-once';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflictMessage, payloadTooLarge, tooManyRequests } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { noteRefusedUpload } from '../exam-day';
import {
  claimKnownUpload,
  claimUpload,
  findOwnRecording,
  keepStagedIfUsed,
  resolveTarget,
  spaceLeftOf,
  storeRecording,
  toUploadResult,
} from './store-recording';
import * as parts from './parts-repository';
import {
  stageAudio,
  stageRefusal,
  stageStoredAudio,
  storageFullText,
  tooLargeText,
  type StagedAudio,
  type StageOutcome,
} from './stage-audio';

// The parts path (the one this app's client uses): a recording travels in parts so that a
// dropped connection resumes instead of restarting; complete joins them and hands them to
// store-recording.ts, as the multipart path (multipart-upload.ts) does with its form.
// An upload is one student's: its first part or status call binds the clientId to them
// (claimUpload), and every call of another account answers 409.

/** GET /api/student/uploads/{clientId}: what the server holds, so the client sends only the rest. */
export async function partsUploadStatus(
  ctx: AppContext,
  studentId: number,
  clientId: string,
): Promise<UploadStatus> {
  const completed = await claimUpload(ctx, studentId, clientId);
  // The device deletes its copy once it sees the recording: only once its commit is on the disk
  // (a complete whose flush failed answered 500, and its device asks here next).
  if (completed) await ctx.flushCommits();
  const held = await parts.listParts(ctx.db, studentId, clientId);
  return { parts: held.map((p) => ({ part: p.part, size: p.size })), recordingId: completed?.id ?? null };
}

/**
 * Past STUDENT_OPEN_UPLOADS_MAX unfinished uploads a new one waits (429): every part is a stored
 * file, and one-byte parts under ever new clientIds would fill the disk's inodes. Temporary, not
 * final: the student's device completes its uploads (or they are purged), and then it may start.
 */
function tooManyOpenUploads(ctx: AppContext) {
  return tooManyRequests(
    RECORDING_TEXT.tooManyOpenUploads(ctx.config.studentOpenUploadsMax),
    OPEN_UPLOAD_RETRY_SECONDS,
  );
}

/** How long a device waits before trying a new upload again while too many are open. */
const OPEN_UPLOAD_RETRY_SECONDS = 60;

/** Checks a part against every limit before its bytes are stored; answers whether it opens an upload. */
function assertRoomFor(
  ctx: AppContext,
  state: parts.PartState,
  size: number,
  statedOffset: number | undefined,
): boolean {
  if (size === 0) throw badRequest(RECORDING_TEXT.partEmpty);
  if (size > RECORDING_PART_MAX_BYTES) {
    throw payloadTooLarge(RECORDING_TEXT.partTooLarge(RECORDING_PART_MAX_BYTES / 1024));
  }
  const opens = state.held === 0;
  if (opens && state.otherUploads >= ctx.config.studentOpenUploadsMax) throw tooManyOpenUploads(ctx);
  if (state.upload + size > ctx.config.maxRecordingBytes) throw payloadTooLarge(tooLargeText(ctx));
  // No recording reaches past the largest: a part said to lie there is none of one.
  if (statedOffset !== undefined && statedOffset + size > ctx.config.maxRecordingBytes) {
    throw payloadTooLarge(tooLargeText(ctx));
  }
  // Parts of uploads never completed count too: otherwise many unfinished uploads fill the disk.
  if (size > spaceLeftOf(ctx, state.recordings, state.student)) throw payloadTooLarge(storageFullText(ctx));
  return opens;
}

/** A part's bytes where they are stored, and how many. */
type StoredPart = parts.PartLocation & { size: number };

/**
 * Where in the recording a part's bytes start, when the server can tell: the offset the client
 * stated, or for a part of at most RECORDING_PART_BYTES without one (clients before offsets,
 * whose parts were all of that size) part × RECORDING_PART_BYTES. Otherwise unknown.
 */
function placeOf(part: number, size: number, stated: number | undefined): number | undefined {
  if (stated !== undefined) return stated;
  return size <= RECORDING_PART_BYTES ? part * RECORDING_PART_BYTES : undefined;
}

/**
 * Where a part goes: at its place in the upload's staging object when the storage writes in
 * place and the place is known (parts sent in order then end up one after another: complete
 * copies nothing; a part sent again writes the same bytes at the same place); otherwise an
 * object of its own. The staging object is the same for every part of the upload (`namedKey`).
 */
async function storePart(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  part: number,
  body: PartBody,
): Promise<StoredPart> {
  let stored: StoredPart;
  const offset = placeOf(part, body.size, body.offset);
  try {
    if (ctx.storage.writeAt && offset !== undefined) {
      const key = stagingKey(studentId, clientId);
      const size = await ctx.storage.writeAt(key, offset, body.content, body.size);
      stored = { storage_key: key, byte_offset: offset, size };
    } else {
      const object = await ctx.storage.put(body.content, {
        prefix: 'parts',
        maxBytes: body.size,
        contentType: 'application/octet-stream',
      });
      stored = { storage_key: object.key, byte_offset: null, size: object.size };
    }
  } catch (err) {
    if (err instanceof StorageLimitError) throw badRequest(RECORDING_TEXT.malformedUpload);
    throw err;
  }
  // Fewer bytes than declared: the request ended early. Not a part; the device sends it again.
  if (stored.size !== body.size) {
    await dropStored(ctx, stored);
    throw badRequest(RECORDING_TEXT.malformedUpload);
  }
  return stored;
}

function stagingKey(studentId: number, clientId: string): string {
  return namedKey('parts', `upload:${studentId}:${clientId}`);
}

/**
 * Forgets bytes that no part refers to: an object of their own goes now; bytes in the staging
 * object go with it, once the upload completes or is purged.
 */
async function dropStored(ctx: AppContext, stored: parts.PartLocation): Promise<void> {
  if (stored.byte_offset === null) await ctx.storage.delete(stored.storage_key);
}

/**
 * Records the stored bytes as the part; the same part again (a resend, or the same part sent
 * twice at once) replaces the one before, and bytes no longer referenced are deleted: never a
 * second copy. (A resend into the staging object overwrites the earlier bytes in place: the
 * client's parts of one recording are the same bytes every time.)
 */
async function savePart(
  ctx: AppContext,
  row: { student_id: number; client_id: string; part: number } & StoredPart,
): Promise<void> {
  const now = nowIso();
  // A new part is the common case: one insert; the unique key says when it is not.
  try {
    await parts.insertPart(ctx.db, { ...row, created_at: now });
    return;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const before = await parts.findPart(ctx.db, row.student_id, row.client_id, row.part);
  const replaced =
    before !== undefined &&
    (await parts.replacePart(ctx.db, before.id, before, {
      size: row.size,
      storage_key: row.storage_key,
      byte_offset: row.byte_offset,
      created_at: now,
    }));
  // Either the old bytes or ours are no part any more.
  await dropStored(ctx, replaced ? before : row);
}

/** A part's bytes as they arrive, how many its request declared, and where they start if it said. */
export interface PartBody {
  size: number;
  content: AsyncIterable<Uint8Array>;
  offset?: number;
}

/**
 * Who sends a part: the token's student and session, and the request's access check, made on
 * the account as the part's own statement reads it (the route's `accountCheckedByHandler`).
 */
export interface PartSender {
  studentId: number;
  family: string | null;
  /** Throws (401 / 403) unless the account may send it; before anything else is done. */
  confirm(account: AccountState | undefined): void;
}

/**
 * PUT /api/student/uploads/{clientId}/parts/{part}: stores one part, idempotently. Its bytes go
 * to storage as they arrive, once the declared size passed every limit (never whole in memory);
 * `readBody` is called only once the sender's account was confirmed.
 */
export async function putUploadPart(
  ctx: AppContext,
  sender: PartSender,
  clientId: string,
  part: number,
  readBody: () => Promise<PartBody>,
): Promise<UploadPart> {
  const { studentId } = sender;
  const state = await parts.partState(ctx.db, studentId, sender.family, clientId, part);
  sender.confirm(state.account);
  // Bound on what was just read, before a body without a length is read whole.
  const recorded = await claimKnownUpload(ctx, studentId, clientId, state);
  const body = await readBody();
  const answer = { part, size: body.size };
  // The upload already became a recording (its answer was lost on the way): nothing to keep.
  if (recorded) return answer;
  const opens = assertRoomFor(ctx, state, body.size, body.offset);
  const stored = await storePart(ctx, studentId, clientId, part, body);
  try {
    await savePart(ctx, { student_id: studentId, client_id: clientId, part, ...stored });
  } catch (err) {
    await dropStored(ctx, stored);
    throw err;
  }
  // New uploads of one student racing past the check: counted again with this one stored, each
  // one over the limit takes its part back (so together they never pass it).
  if (
    opens &&
    (await parts.otherOpenUploads(ctx.db, studentId, clientId)) >= ctx.config.studentOpenUploadsMax
  ) {
    if (await parts.deletePartAt(ctx.db, studentId, clientId, part, stored)) {
      await dropStored(ctx, stored);
      // The staging object goes with the upload's last part.
      if (stored.byte_offset !== null && !(await parts.hasParts(ctx.db, studentId, clientId))) {
        await ctx.storage.delete(stored.storage_key);
      }
    }
    throw tooManyOpenUploads(ctx);
  }
  return answer;
}

/** The stored parts one after another, read one at a time (never the whole file in memory). */
async function* concatenated(ctx: AppContext, held: StoredPart[]): AsyncGenerator<Uint8Array> {
  for (const p of held) {
    const range =
      p.byte_offset === null ? undefined : { start: p.byte_offset, end: p.byte_offset + p.size - 1 };
    for await (const chunk of ctx.storage.read(p.storage_key, range)) yield chunk as Uint8Array;
  }
}

/** Whether the parts lie one after another from the start of one staging object: then they are the recording as stored. */
function isOneStagedRun(held: StoredPart[]): boolean {
  let next = 0;
  for (const p of held) {
    if (p.storage_key !== held[0].storage_key || p.byte_offset !== next) return false;
    next += p.size;
  }
  return true;
}

/**
 * The staged parts' bytes, made the recording's object without copying them. Bytes that are
 * not there (the staging object purged or cut under a part) are not parts: those parts are
 * forgotten and the device sends them again (409, as for parts missing).
 */
async function adoptStaged(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  key: string,
  size: number,
): Promise<StageOutcome> {
  const stored = await ctx.storage.stat(key);
  if (stored === null || stored.size < size) {
    const keys = await parts.deleteParts(ctx.db, studentId, clientId);
    await Promise.all([...new Set([...keys, key])].map((k) => ctx.storage.delete(k)));
    throw conflictMessage(RECORDING_TEXT.partsMissing);
  }
  return stageStoredAudio(ctx, key, size);
}

/**
 * Joins parts 0..n-1 into one staged audio object, after checking that they are all there and
 * add up to the size the client declared, and that the bytes are a recording.
 */
async function assembleParts(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  body: Pick<UploadCompleteBody, 'parts' | 'size'>,
  listed: parts.UploadPartRow[],
): Promise<StagedAudio> {
  const held = listed.filter((p) => p.part < body.parts);
  // Parts are unique per number, so n of them below n are exactly 0..n-1.
  if (held.length !== body.parts) throw conflictMessage(RECORDING_TEXT.partsMissing);
  // Small parts are files for few bytes: only the last may be short.
  if (held.slice(0, -1).some((p) => p.size < RECORDING_PART_MIN_BYTES)) {
    throw badRequest(RECORDING_TEXT.partTooSmall(RECORDING_PART_MIN_BYTES / 1024));
  }
  const total = held.reduce((sum, p) => sum + p.size, 0);
  if (total !== body.size) throw conflictMessage(RECORDING_TEXT.partsSizeMismatch);
  if (total > ctx.config.maxRecordingBytes) throw payloadTooLarge(tooLargeText(ctx));
  const outcome =
    ctx.storage.linkAs && isOneStagedRun(held)
      ? await adoptStaged(ctx, studentId, clientId, held[0].storage_key, total)
      : await stageAudio(ctx, concatenated(ctx, held));
  if (outcome.kind !== 'stored') throw stageRefusal(ctx, outcome.kind);
  if (outcome.audio.size !== body.size) {
    await ctx.storage.delete(outcome.audio.key);
    throw conflictMessage(RECORDING_TEXT.partsSizeMismatch);
  }
  return outcome.audio;
}

/**
 * Removes an upload's parts and binding once they are a recording (which holds the clientId
 * from now on); a missing object is no error.
 */
async function discardParts(ctx: AppContext, studentId: number, clientId: string): Promise<void> {
  const keys = await parts.deleteParts(ctx.db, studentId, clientId);
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  await parts.unbindUpload(ctx.db, clientId, studentId);
}

/**
 * POST /api/student/uploads/{clientId}/complete: the parts become one recording, exactly once
 * per clientId. A repeat, or a request racing another, answers the recording that was made.
 * `arrival`: when the request came, against which the device's clock is reckoned.
 */
export async function completePartsUpload(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  body: UploadCompleteBody,
  arrival: Date,
): Promise<RecordingUploadResult> {
  const upload = await parts.uploadToComplete(ctx.db, studentId, clientId);
  const row = await createOnce(
    () => findOwnRecording(ctx, studentId, clientId),
    async () => {
      // Another account's upload is never joined into this student's recording. No recording
      // holds the clientId (just looked up): only its binding is left to check.
      await claimKnownUpload(ctx, studentId, clientId, { recordingStudent: null, owner: upload.owner });
      // Checked before the bytes are joined: a refused answer costs no copying.
      const target = await resolveTarget(ctx, studentId, body);
      const staged = await assembleParts(ctx, studentId, clientId, body, upload.parts);
      return keepStagedIfUsed(ctx, staged, () =>
        storeRecording(ctx, studentId, clientId, body, staged, target, arrival),
      );
    },
    // Read with the parts: no recording holds the clientId.
    upload.recordingStudent === null,
  ).catch(async (err: unknown) => {
    // A refusal for good shows on the exam's progress view.
    await noteRefusedUpload(ctx, err, {
      examId: body.examID,
      studentId,
      clientId,
      arrival,
      recordedAt: body.recordedAt,
      clientSentAt: body.clientSentAt,
    });
    throw err;
  });
  await discardParts(ctx, studentId, clientId);
  return toUploadResult(row);
}

/**
 * Removes uploads nobody added a part to for `maxAgeDays` (abandoned on a device long gone);
 * answers how many stored objects went.
 */
export async function purgeIdleUploads(
  ctx: AppContext,
  maxAgeDays: number,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - maxAgeDays * 86_400_000).toISOString();
  const keys = await parts.deleteUploadsIdleSince(ctx.db, before);
  for (const key of keys) await ctx.storage.delete(key);
  await parts.deleteIdleOwners(ctx.db, before);
  return keys.length;
}
