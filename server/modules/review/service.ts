import type { Readable } from 'node:stream';
import type { PageQuery } from '../../../src/shared/contract/common';
import { commentDraftSchema, type StatisticsSession } from '../../../src/shared/contract/review';
import type { CommentDto } from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { createOnce } from '../../lib/create-once';
import { editedAt } from '../../lib/edit-order';
import { badRequest, conflictMessage, notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import { requireTeacherExam } from '../exams';
import { examRecordings } from '../exam-day';
import { latestGradesOf } from '../grading';
import { findTeacherRecording } from '../recordings';
import { examStates, stateOf } from './exam-states';
import { scoresCsvStream } from './gradebook';
import * as repo from './repository';
import { EntryNamer, streamZip, type ZipSource } from './zip';

// ---- statistics ----

/**
 * One row per assigned student, by surname: completed when they have a recording of the exam;
 * its date, grade and flags are the latest recording's, beside how many they made; the state is
 * where their latest attempt stands on the exam day (the page's students' progress, read once): six
 * queries after the account check.
 */
export async function statistics(
  ctx: AppContext,
  teacherId: number,
  examId: number,
  q: PageQuery,
): Promise<Page<StatisticsSession>> {
  const page = await repo.examStatisticsPage(ctx.db, teacherId, examId, q);
  // The page has rows only of the teacher's exam; an empty one may be of an exam that is not
  // theirs or does not exist, which answers 404 like every foreign id.
  if (page.items.length === 0) await requireTeacherExam(ctx.db, teacherId, examId);
  // The page's students' recordings, read once for their grades and their exam-day states (whose
  // progress rows are read beside them).
  const recordings = examRecordings(
    ctx.db,
    examId,
    page.items.map((row) => row.id),
  );
  const [latest, states] = await Promise.all([
    recordings.then(latestGradesOf),
    examStates(ctx.db, examId, page.items, recordings),
  ]);
  return mapPage(page, (row) => {
    const grade = latest.get(row.id);
    return {
      student: { id: row.id, surname: row.surname, name: row.name },
      completed: grade !== undefined,
      date: grade?.createdAt ?? null,
      total: grade?.total ?? null,
      maxTotal: grade?.maxTotal ?? null,
      attempts: grade?.attempts ?? 0,
      afterClose: grade?.afterClose ?? false,
      overAttempts: grade?.overAttempts ?? false,
      ...stateOf(states, row.id),
    };
  });
}

// ---- exports: scores.csv and exam.zip ----

/** The exam's gradebook as scores.csv (./gradebook.ts), for the teacher's own exam. */
export async function examScoresCsv(ctx: AppContext, teacherId: number, examId: number): Promise<Readable> {
  await requireTeacherExam(ctx.db, teacherId, examId);
  return scoresCsvStream(ctx, examId);
}

/**
 * The exam's recordings as one zip stream, one stored object open at a time. The rows are read
 * before the answer starts (a missing exam is still a 404); an object missing from storage is
 * skipped with a warning rather than breaking the archive halfway.
 */
export async function examZip(
  ctx: AppContext,
  teacherId: number,
  examId: number,
  signal: AbortSignal,
): Promise<Readable> {
  await requireTeacherExam(ctx.db, teacherId, examId);
  const rows = await repo.listExamRecordingsForZip(ctx.db, examId);
  const namer = new EntryNamer(ctx.config.timezone);

  async function* sources(): AsyncGenerator<ZipSource> {
    // The gradebook first: the same file as scores.csv, read as the archive reaches it.
    yield { name: 'scores.csv', date: new Date(), open: () => scoresCsvStream(ctx, examId) };
    for (const row of rows) {
      if (!(await ctx.storage.stat(row.storage_key))) {
        ctx.log.warn({ recordingId: row.id }, 'recording missing from storage, left out of the zip');
        continue;
      }
      yield {
        name: namer.name(row),
        date: new Date(row.created_at),
        open: () => ctx.storage.read(row.storage_key),
      };
    }
  }

  return streamZip(sources(), signal, (err) => ctx.log.error({ err, examId }, 'exam zip failed midway'));
}

// ---- comments ----

function toCommentDto(
  ctx: AppContext,
  c: repo.CommentRow,
  voice: repo.CommentVoiceRow | undefined,
): CommentDto {
  return {
    id: c.id,
    start: c.start_seconds,
    end: c.end_seconds,
    comment: c.text,
    voice: voice
      ? { access: ctx.media.url('voice', voice.id), duration: voice.voice_duration, mime: voice.voice_mime }
      : null,
  };
}

/** These comments as every answer gives them: each with its voice (signed), read in one query. */
export async function toCommentDtos(ctx: AppContext, db: Db, rows: repo.CommentRow[]): Promise<CommentDto[]> {
  const voices = await repo.voicesOfComments(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => toCommentDto(ctx, c, voices.get(c.id)));
}

const toOneCommentDto = async (ctx: AppContext, row: repo.CommentRow) =>
  (await toCommentDtos(ctx, ctx.db, [row]))[0];

/** A recording's comments in the order they mark it, with their voices (both players show them). */
export async function recordingComments(ctx: AppContext, recordingId: number): Promise<CommentDto[]> {
  return toCommentDtos(ctx, ctx.db, await repo.listComments(ctx.db, recordingId));
}

/**
 * Removes stored voices once the rows that named them are gone (committed): a failure leaves an
 * orphaned object, which only costs space.
 */
export async function deleteVoiceObjects(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      ctx.log.warn({ err, key }, 'could not delete a stored voice comment');
    }
  }
}

export interface CommentWrite {
  start: number;
  end: number;
  comment: string;
}

/** The comment against the recording it marks, by the same schema the page checks drafts with. */
function assertWithinRecording(body: CommentWrite, duration: number): void {
  const checked = commentDraftSchema(duration).safeParse(body);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message);
}

/**
 * Adds a comment to a recording of one of the teacher's exams. With a clientId the create is
 * idempotent (an offline replay answers the comment made the first time, or 404 once it was
 * deleted: it never comes back); a clientId of another recording or author answers 409.
 */
export async function createComment(
  ctx: AppContext,
  teacherId: number,
  body: CommentWrite & { audioID: number; clientId?: string | null },
): Promise<CommentDto> {
  const clientId = body.clientId ?? null;
  const isOthers = (row: { author_id: number; recording_id: number }) =>
    row.author_id !== teacherId || row.recording_id !== body.audioID;
  const earlier = async () => {
    if (clientId === null) return undefined;
    const existing = await repo.findCommentByClientId(ctx.db, clientId);
    const deleted = existing ? undefined : await repo.findCommentTombstone(ctx.db, clientId);
    const known = existing ?? deleted;
    if (!known) return undefined;
    if (isOthers(known)) throw conflictMessage(RECORDING_TEXT.commentClientIdTaken);
    if (!existing) throw notFound(RECORDING_TEXT.commentNotFound);
    return toOneCommentDto(ctx, existing);
  };
  return createOnce(earlier, async () => {
    const recording = await findTeacherRecording(ctx.db, teacherId, body.audioID);
    if (!recording) throw notFound(RECORDING_TEXT.recordingNotFound);
    assertWithinRecording(body, recording.duration);
    const now = nowIso();
    const row = await repo.insertComment(ctx.db, {
      recording_id: recording.id,
      author_id: teacherId,
      start_seconds: body.start,
      end_seconds: body.end,
      text: body.comment,
      client_id: clientId,
      created_at: now,
      updated_at: now,
    });
    // A twin of this create (the same clientId) may have been stored and deleted since the check:
    // its tombstone is there now, and the comment must not come back.
    if (clientId !== null && (await repo.findCommentTombstone(ctx.db, clientId))) {
      await repo.deleteComment(ctx.db, row.id);
      throw notFound(RECORDING_TEXT.commentNotFound);
    }
    return toCommentDto(ctx, row, undefined);
  });
}

/**
 * Edits a comment, unless it holds an edit made later by the server's reckoning of the devices'
 * clocks (server/lib/edit-order.ts; without clientUpdatedAt an edit counts as made on arrival):
 * then the comment answers as it stands, unchanged.
 */
export async function updateComment(
  ctx: AppContext,
  teacherId: number,
  body: CommentWrite & { id: number; clientUpdatedAt?: string; clientSentAt?: string },
): Promise<CommentDto> {
  const arrival = new Date();
  const existing = await repo.findTeacherComment(ctx.db, teacherId, body.id);
  if (!existing) throw notFound(RECORDING_TEXT.commentNotFound);
  assertWithinRecording(body, existing.duration);
  const row =
    (await repo.updateCommentUnlessNewer(ctx.db, body.id, {
      start_seconds: body.start,
      end_seconds: body.end,
      text: body.comment,
      updated_at: nowIso(arrival),
      edited_at: editedAt(arrival, body.clientUpdatedAt, body.clientSentAt),
    })) ?? (await repo.findCommentById(ctx.db, body.id));
  if (!row) throw notFound(RECORDING_TEXT.commentNotFound);
  return toOneCommentDto(ctx, row);
}

/**
 * Deletes a comment and its voice (the stored object once the delete is committed); one that had
 * a clientId leaves a tombstone, so a replayed create stays deleted.
 */
export async function deleteComment(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const existing = await repo.findTeacherComment(ctx.db, teacherId, id);
  if (!existing) throw notFound(RECORDING_TEXT.commentNotFound);
  const voiceKeys = await ctx.db.transaction().execute(async (trx) => {
    // Locked first, so a voice being written now is either seen here or waits and finds it gone.
    await repo.lockTeacherComment(trx, teacherId, id);
    const keys = await repo.voiceKeys(trx, { commentId: id });
    const deleted = await repo.deleteComment(trx, id);
    if (!deleted) throw notFound(RECORDING_TEXT.commentNotFound);
    if (deleted.client_id !== null) {
      await repo.insertCommentTombstone(trx, {
        client_id: deleted.client_id,
        recording_id: deleted.recording_id,
        author_id: deleted.author_id,
        deleted_at: nowIso(),
      });
    }
    return keys;
  });
  await deleteVoiceObjects(ctx, voiceKeys);
}
