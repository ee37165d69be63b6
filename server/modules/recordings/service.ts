import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { TeacherRecordingDetail } from '../../../src/shared/contract/review';
import type { RecordingDetail } from '../../../src/shared/contract/student';
import type { AudioSummary, RecordingFlags } from '../../../src/shared/contract/teacher';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { deleteVoiceObjects, recordingComments, voiceKeys } from '../review';
import { wasVariantGiven } from '../student-exams';
import { toVariantDto } from '../variants';
import * as repo from './repository';

// ---- lists ----

/**
 * How the recording arrived, as every answer that shows it says: `late` is outside the exam
 * either way (withdrawn from the student before it arrived, or recorded after it closed).
 */
function toFlags(r: {
  interrupted: number;
  late: number;
  after_close: number;
  over_attempts: number;
}): RecordingFlags {
  return {
    interrupted: r.interrupted === 1,
    late: r.late === 1 || r.after_close === 1,
    afterClose: r.after_close === 1,
    overAttempts: r.over_attempts === 1,
  };
}

/** A recording as every list shows it; a total only once graded. */
function toAudioSummary(r: repo.RecordingSummaryRow): AudioSummary {
  const graded = r.graded_at !== null;
  return {
    id: r.id,
    name: r.name,
    date: r.created_at,
    checked: r.checked === 1,
    total: graded ? r.total : null,
    maxTotal: graded ? r.max_total : null,
    attempt: Number(r.attempt),
    duration: r.duration,
    ...toFlags(r),
  };
}

/** The student's recordings, newest first (of one exam when given). */
export async function studentRecordingSummaries(
  db: Db,
  studentId: number,
  q: SearchPageQuery,
  examId?: number,
): Promise<Page<AudioSummary>> {
  return mapPage(await repo.studentRecordingsPage(db, studentId, q, examId), toAudioSummary);
}

/** The student's recordings in the teacher's exams, newest first. */
export async function teacherStudentRecordingSummaries(
  db: Db,
  teacherId: number,
  studentId: number,
  q: SearchPageQuery,
): Promise<Page<AudioSummary>> {
  return mapPage(await repo.teacherStudentRecordingsPage(db, teacherId, studentId, q), toAudioSummary);
}

/** The exam's recordings, newest first. */
export async function examRecordingSummaries(db: Db, examId: number): Promise<AudioSummary[]> {
  return (await repo.examRecordingsList(db, examId)).map(toAudioSummary);
}

// ---- student ----

export async function listStudentRecordings(
  ctx: AppContext,
  studentId: number,
  q: SearchPageQuery,
): Promise<Page<AudioSummary>> {
  return studentRecordingSummaries(ctx.db, studentId, q);
}

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number');

function parseJson(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

function parseNumbers(json: string | null): number[] | null {
  const value = parseJson(json);
  return isNumbers(value) ? value : null;
}

/** The stored question starts (per task, JSON number[][]); [] for a recording without. */
function parseQuestionStarts(json: string): number[][] {
  const value = parseJson(json);
  return Array.isArray(value) && value.every(isNumbers) ? value : [];
}

/**
 * The detail both players get: signed audio address, waveform data, comments and variant.
 * `variantShown`: false hides the variant (a student is never shown one they were not given);
 * `modelAnswers`: whether its tasks carry their model answers (a student's only once checked).
 */
async function toDetail(
  ctx: AppContext,
  r: repo.RecordingRow,
  { variantShown, modelAnswers }: { variantShown: boolean; modelAnswers: boolean },
): Promise<RecordingDetail> {
  const comments = await recordingComments(ctx, r.id);
  // The variant taken (checked at upload to be the exam's); gone when the teacher deleted it.
  const variantRow =
    r.variant_id === null || !variantShown ? undefined : await repo.findVariantSummary(ctx.db, r.variant_id);
  const variant = variantRow ? await toVariantDto(ctx, variantRow, { modelAnswers }) : null;
  return {
    id: r.id,
    name: r.name,
    date: r.created_at,
    checked: r.checked === 1,
    access: ctx.media.url('recording', r.id),
    mime: r.mime,
    duration: r.duration,
    taskStarts: parseNumbers(r.task_starts) ?? [],
    questionStarts: parseQuestionStarts(r.question_starts),
    peaks: parseNumbers(r.peaks),
    comments,
    variant,
    ...toFlags(r),
  };
}

export async function getStudentRecording(
  ctx: AppContext,
  studentId: number,
  id: number,
): Promise<RecordingDetail> {
  const r = await repo.findStudentRecording(ctx.db, studentId, id);
  if (!r) throw notFound(RECORDING_TEXT.recordingNotFound);
  // Its tasks' texts, criteria and files only for a variant the student was given in the exam.
  const given = r.variant_id !== null && (await wasVariantGiven(ctx.db, studentId, r.exam_id, r.variant_id));
  // The model answers only once the teacher has checked the recording: never before.
  return toDetail(ctx, r, { variantShown: given, modelAnswers: r.checked === 1 });
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
    ...(await toDetail(ctx, row, { variantShown: true, modelAnswers: true })),
    student: {
      id: r.student_id,
      surname: student_surname,
      name: student_name,
      patronymic: student_patronymic,
    },
    exam: { id: r.exam_id, name: exam_name },
  };
}

/** Deletes a recording of one of the teacher's exams, its comments, their voices and its stored audio. */
export async function deleteTeacherRecording(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const { deleted, voices } = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.isTeacherRecording(trx, teacherId, id)))
      throw notFound(RECORDING_TEXT.recordingNotFound);
    const voiceStorageKeys = await voiceKeys(trx, { recordingId: id });
    return { deleted: await repo.deleteRecording(trx, id), voices: voiceStorageKeys };
  });
  if (!deleted) throw notFound(RECORDING_TEXT.recordingNotFound);
  await deleteVoiceObjects(ctx, voices);
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
