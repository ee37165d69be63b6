import crypto from 'node:crypto';
import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { TeacherRecordingDetail } from '../../../src/shared/contract/review';
import type { RecordingDetail, RecordingUploadResult } from '../../../src/shared/contract/student';
import type { AudioSummary } from '../../../src/shared/contract/teacher';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflictMessage, notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import { toAudioSummary } from '../exams/service';
import { enqueueMail, kickMailQueue } from '../mail-queue/service';
import { requireAssignedExam, requireExamVariant } from '../student-exams/service';
import { completeSession, findStudentSession } from '../student-exams/repository';
import { findUserById } from '../users/repository';
import { toVariantDto } from '../variants/service';
import * as repo from './repository';
import { readUpload, storedMime, type UploadPart } from './upload';

/** `<exam name> — <surname> <name>` (DESIGN.md §6). */
export function recordingName(examName: string, student: { surname: string; name: string }): string {
  return `${examName} — ${student.surname} ${student.name}`;
}

function toUploadResult(r: repo.RecordingRow): RecordingUploadResult {
  return { id: r.id, name: r.name, date: r.created_at, checked: r.checked === 1, duration: r.duration };
}

/** The answer for a clientId already stored: the same recording for its owner, 409 for anyone else. */
function existingResult(r: repo.RecordingRow, studentId: number): RecordingUploadResult {
  if (r.student_id !== studentId) throw conflictMessage(RECORDING_TEXT.clientIdTaken);
  return toUploadResult(r);
}

function completionMail(
  ctx: AppContext,
  teacherEmail: string,
  student: { surname: string; name: string; patronymic: string },
  examName: string,
  recordingId: number,
) {
  const fullName = [student.surname, student.name, student.patronymic].filter((p) => p).join(' ');
  return {
    to: teacherEmail,
    subject: `${fullName} завершил(а) экзамен «${examName}»`,
    text: [
      'Здравствуйте!',
      '',
      `Ученик ${fullName} завершил(а) экзамен «${examName}» и отправил(а) запись ответа.`,
      `Послушать запись и оставить комментарии: ${ctx.config.publicUrl}/teacher/audios/${recordingId}`,
      '',
      'Письмо отправлено, потому что в профиле включены уведомления о завершении экзаменов.',
      '—',
      'Устно',
    ].join('\n'),
  };
}

/**
 * POST /api/student/exam/complete: stores the recording once per clientId. The audio streams to
 * storage while the request is read; it is kept only when everything else holds, and a repeat
 * of a stored clientId answers that recording without keeping a second copy.
 */
export async function uploadRecording(
  ctx: AppContext,
  studentId: number,
  parts: AsyncIterable<UploadPart>,
): Promise<RecordingUploadResult> {
  const upload = await readUpload(
    ctx,
    parts,
    async (clientId) => (await repo.findRecordingByClientId(ctx.db, clientId)) !== undefined,
  );
  const { fields, staged } = upload;
  const discard = async () => {
    if (staged) await ctx.storage.delete(staged.key);
  };

  let created: repo.RecordingRow;
  let mailQueued = false;
  try {
    const clientId = fields.clientId ?? crypto.randomUUID();
    const known = await repo.findRecordingByClientId(ctx.db, clientId);
    if (known) {
      await discard();
      return existingResult(known, studentId);
    }
    if (!staged) {
      // The bytes were skipped for a clientId that was stored then, and is gone now (deleted).
      throw notFound(RECORDING_TEXT.recordingNotFound);
    }
    const exam = await requireAssignedExam(ctx.db, studentId, fields.examID);
    await requireExamVariant(ctx.db, exam.id, fields.variantID);
    const [student, teacher] = await Promise.all([
      findUserById(ctx.db, studentId),
      findUserById(ctx.db, exam.teacher_id),
    ]);
    if (!student) throw notFound();
    const session =
      fields.sessionID !== undefined
        ? await findStudentSession(ctx.db, studentId, fields.sessionID)
        : undefined;
    // A session of another exam (or someone else's) is not this upload's: it is left alone.
    const ownSession = session && session.exam_id === exam.id ? session : undefined;
    const name = recordingName(exam.name, student);
    const now = nowIso();

    created = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertRecording(trx, {
        client_id: clientId,
        exam_id: exam.id,
        student_id: studentId,
        session_id: ownSession?.id ?? null,
        variant_id: fields.variantID,
        name,
        search: searchColumn(name),
        mime: storedMime(staged.container, fields.mime),
        size: staged.size,
        duration: fields.duration,
        task_starts: JSON.stringify(fields.taskStarts ?? []),
        peaks: fields.peaks ? JSON.stringify(fields.peaks) : null,
        storage_key: staged.key,
        created_at: now,
      });
      if (ownSession) await completeSession(trx, ownSession.id, now, fields.variantID);
      if (teacher && teacher.inform_about_exam_completion === 1) {
        await enqueueMail(trx, completionMail(ctx, teacher.email, student, exam.name, row.id), now);
        mailQueued = true;
      }
      return row;
    });
  } catch (err) {
    await discard();
    if (isUniqueViolation(err) && fields.clientId) {
      // The same clientId was stored by a concurrent request between the check and the insert.
      const winner = await repo.findRecordingByClientId(ctx.db, fields.clientId);
      if (winner) return existingResult(winner, studentId);
    }
    throw err;
  }
  if (mailQueued) kickMailQueue(ctx);
  return toUploadResult(created);
}

// ---- student ----

export async function listStudentRecordings(
  ctx: AppContext,
  studentId: number,
  q: SearchPageQuery,
): Promise<Page<AudioSummary>> {
  return mapPage(await repo.studentRecordingsPage(ctx.db, studentId, q), toAudioSummary);
}

function parseNumbers(json: string | null): number[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((n) => typeof n === 'number') ? (value as number[]) : null;
  } catch {
    return null;
  }
}

/** The detail both players get: signed audio address, waveform data, comments and variant. */
async function toDetail(ctx: AppContext, r: repo.RecordingRow): Promise<RecordingDetail> {
  const comments = await repo.listComments(ctx.db, r.id);
  // The variant taken (checked at upload to be the exam's); gone when the teacher deleted it.
  const variantRow = r.variant_id === null ? undefined : await repo.findVariantSummary(ctx.db, r.variant_id);
  const variant = variantRow ? await toVariantDto(ctx, variantRow) : null;
  return {
    id: r.id,
    name: r.name,
    date: r.created_at,
    checked: r.checked === 1,
    access: ctx.media.url('recording', r.id),
    mime: r.mime,
    duration: r.duration,
    taskStarts: parseNumbers(r.task_starts) ?? [],
    peaks: parseNumbers(r.peaks),
    comments: comments.map(repo.toCommentDto),
    variant,
  };
}

export async function getStudentRecording(
  ctx: AppContext,
  studentId: number,
  id: number,
): Promise<RecordingDetail> {
  const r = await repo.findStudentRecording(ctx.db, studentId, id);
  if (!r) throw notFound(RECORDING_TEXT.recordingNotFound);
  return toDetail(ctx, r);
}

// ---- teacher ----

export async function getTeacherRecording(
  ctx: AppContext,
  teacherId: number,
  id: number,
): Promise<TeacherRecordingDetail> {
  const r = await repo.findTeacherRecording(ctx.db, teacherId, id);
  if (!r) throw notFound(RECORDING_TEXT.recordingNotFound);
  const { exam_name, student_surname, student_name, student_patronymic, ...row } = r;
  return {
    ...(await toDetail(ctx, row)),
    student: {
      id: r.student_id,
      surname: student_surname,
      name: student_name,
      patronymic: student_patronymic,
    },
    exam: { id: r.exam_id, name: exam_name },
  };
}

/** Deletes a recording of one of the teacher's exams, its comments and its stored audio. */
export async function deleteTeacherRecording(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.isTeacherRecording(trx, teacherId, id)))
      throw notFound(RECORDING_TEXT.recordingNotFound);
    return repo.deleteRecording(trx, id);
  });
  if (!deleted) throw notFound(RECORDING_TEXT.recordingNotFound);
  try {
    await ctx.storage.delete(deleted.storage_key);
  } catch (err) {
    // The recording is gone either way; an orphaned object only costs space.
    ctx.log.warn({ err, key: deleted.storage_key }, 'could not delete a stored recording');
  }
}

export async function switchChecked(ctx: AppContext, teacherId: number, id: number) {
  const checked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.isTeacherRecording(trx, teacherId, id))) return undefined;
    return repo.toggleChecked(trx, id);
  });
  if (checked === undefined) throw notFound(RECORDING_TEXT.recordingNotFound);
  return { id, checked };
}
