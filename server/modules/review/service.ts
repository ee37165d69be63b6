import type { Readable } from 'node:stream';
import type { PageQuery } from '../../../src/shared/contract/common';
import { commentDraftSchema, type StatisticsSession } from '../../../src/shared/contract/review';
import type { CommentDto } from '../../../src/shared/contract/student';
import { AUTHORING_TEXT, RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { createOnce } from '../../lib/create-once';
import { badRequest, conflictMessage, notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import { findTeacherExam } from '../exams/repository';
import { latestTotals, scoresCsvStream } from '../grading/service';
import * as recordings from '../recordings/repository';
import { EntryNamer, streamZip, type ZipSource } from './zip';

async function requireOwnExam(ctx: AppContext, teacherId: number, examId: number) {
  const exam = await findTeacherExam(ctx.db, teacherId, examId);
  if (!exam) throw notFound(AUTHORING_TEXT.examNotFound);
  return exam;
}

// ---- statistics ----

/** One row per assigned student, by surname: completed when they have a recording of the exam. */
export async function statistics(
  ctx: AppContext,
  teacherId: number,
  examId: number,
  q: PageQuery,
): Promise<Page<StatisticsSession>> {
  await requireOwnExam(ctx, teacherId, examId);
  const page = await recordings.examStatisticsPage(ctx.db, examId, q);
  const totals = await latestTotals(
    ctx,
    examId,
    page.items.map((row) => row.id),
  );
  return mapPage(page, (row) => ({
    student: { id: row.id, surname: row.surname, name: row.name },
    completed: row.last_at !== null,
    date: row.last_at ?? null,
    total: totals.get(row.id)?.total ?? null,
    maxTotal: totals.get(row.id)?.maxTotal ?? null,
  }));
}

// ---- zip ----

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
  await requireOwnExam(ctx, teacherId, examId);
  const rows = await recordings.listExamRecordingsForZip(ctx.db, examId);
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
 * idempotent (an offline replay answers the comment made the first time); a clientId of another
 * recording or author answers 409.
 */
export async function createComment(
  ctx: AppContext,
  teacherId: number,
  body: CommentWrite & { audioID: number; clientId?: string | null },
): Promise<CommentDto> {
  const clientId = body.clientId ?? null;
  const earlier = async () => {
    if (clientId === null) return undefined;
    const existing = await recordings.findCommentByClientId(ctx.db, clientId);
    if (!existing) return undefined;
    if (existing.author_id !== teacherId || existing.recording_id !== body.audioID) {
      throw conflictMessage(RECORDING_TEXT.commentClientIdTaken);
    }
    return recordings.toCommentDto(existing);
  };
  return createOnce(earlier, async () => {
    const recording = await recordings.findTeacherRecording(ctx.db, teacherId, body.audioID);
    if (!recording) throw notFound(RECORDING_TEXT.recordingNotFound);
    assertWithinRecording(body, recording.duration);
    const now = nowIso();
    const row = await recordings.insertComment(ctx.db, {
      recording_id: recording.id,
      author_id: teacherId,
      start_seconds: body.start,
      end_seconds: body.end,
      text: body.comment,
      client_id: clientId,
      created_at: now,
      updated_at: now,
    });
    return recordings.toCommentDto(row);
  });
}

export async function updateComment(
  ctx: AppContext,
  teacherId: number,
  body: CommentWrite & { id: number },
): Promise<CommentDto> {
  const existing = await recordings.findTeacherComment(ctx.db, teacherId, body.id);
  if (!existing) throw notFound(RECORDING_TEXT.commentNotFound);
  assertWithinRecording(body, existing.duration);
  const row = await recordings.updateComment(ctx.db, body.id, {
    start_seconds: body.start,
    end_seconds: body.end,
    text: body.comment,
    updated_at: nowIso(),
  });
  if (!row) throw notFound(RECORDING_TEXT.commentNotFound);
  return recordings.toCommentDto(row);
}

export async function deleteComment(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const existing = await recordings.findTeacherComment(ctx.db, teacherId, id);
  if (!existing || !(await recordings.deleteComment(ctx.db, id)))
    throw notFound(RECORDING_TEXT.commentNotFound);
}
