import type { RecordingUploadResult } from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import { editedAt } from '../../lib/edit-order';
import { conflictMessage, notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { noteExamChanged } from '../exam-day';
import { enqueueMail, kickMailQueue } from '../mail-queue';
import {
  findStudentSession,
  markSessionComplete,
  requireAnswerTarget,
  type AnswerTarget,
} from '../student-exams';
import { bindUpload, studentPartsSize } from './parts-repository';
import * as repo from './repository';
import { storedMime, type StagedAudio } from './stage-audio';

// What both upload paths share once the bytes are staged: whose upload it is, where the answer
// lands, the student's space, and the one transaction that makes the recording.

/** What describes a recording, whichever way its bytes came (one multipart form, or parts). */
export interface RecordingDescription {
  examID: number;
  variantID: number;
  sessionID?: number | null;
  mime?: string;
  duration: number;
  taskStarts?: number[];
  /** Per task, where each question's answer window began (seconds into the recording). */
  questionStarts?: number[][];
  peaks?: number[] | null;
  interrupted?: boolean;
  /** When the device recorded it, by its clock (ISO), and when it sent it, by the same clock. */
  recordedAt?: string;
  clientSentAt?: string;
}

/** `<exam name> — <surname> <name>`. */
export function recordingName(examName: string, student: { surname: string; name: string }): string {
  return `${examName} — ${student.surname} ${student.name}`;
}

export function toUploadResult(r: repo.RecordingRow): RecordingUploadResult {
  return { id: r.id, name: r.name, date: r.created_at, checked: r.checked === 1, duration: r.duration };
}

/**
 * The recording a clientId already made: the student's own, or 409 when it is someone else's
 * (a clientId is global, and another student's recording must not be answered).
 */
export async function findOwnRecording(
  ctx: AppContext,
  studentId: number,
  clientId: string,
): Promise<repo.RecordingRow | undefined> {
  const known = await repo.findRecordingByClientId(ctx.db, clientId);
  if (known && known.student_id !== studentId) throw conflictMessage(RECORDING_TEXT.uploadOfAnotherStudent);
  return known;
}

/**
 * An upload belongs to the account that sent its first part, asked its status or stored its
 * recording: for that student this answers the recording once made; for any other account it
 * is 409, and nothing of theirs is joined, answered or shown (a device that changed hands
 * mid-upload must not file one student's answer as another's).
 */
export async function claimUpload(
  ctx: AppContext,
  studentId: number,
  clientId: string,
): Promise<repo.RecordingRow | undefined> {
  const recording = await findOwnRecording(ctx, studentId, clientId);
  if (recording) return recording;
  await claimKnownUpload(ctx, studentId, clientId, { recordingStudent: null });
  return undefined;
}

/**
 * claimUpload's rule on what the caller read already (whose recording holds the clientId, and
 * whom it is bound to: null when read as nobody, absent when not read): binds it when new;
 * answers whether the upload is a recording already.
 */
export async function claimKnownUpload(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  known: { recordingStudent: number | null; owner?: number | null },
): Promise<boolean> {
  if (known.recordingStudent !== null) {
    if (known.recordingStudent !== studentId) throw conflictMessage(RECORDING_TEXT.uploadOfAnotherStudent);
    return true;
  }
  const owner =
    known.owner ?? (await bindUpload(ctx.db, clientId, studentId, nowIso(), known.owner === null));
  if (owner !== studentId) throw conflictMessage(RECORDING_TEXT.uploadOfAnotherStudent);
  return false;
}

/** The exam the answer belongs to, checked for this student, and whether it came late. */
export async function resolveTarget(
  ctx: AppContext,
  studentId: number,
  description: Pick<RecordingDescription, 'examID' | 'variantID'>,
): Promise<AnswerTarget> {
  const target = await requireAnswerTarget(ctx.db, studentId, description.examID, description.variantID);
  // A replay of a stored recording never gets here (it answers that recording), so a student
  // at the limit still hears back about what they sent. Final (409), not 429: waiting will not
  // clear it, and a device told to retry later would retry for ever.
  if (target.kept >= ctx.config.studentRecordingsPerExam) {
    throw conflictMessage(RECORDING_TEXT.tooManyForExam(ctx.config.studentRecordingsPerExam));
  }
  return target;
}

/** What the student's storage still holds: STUDENT_STORAGE_MB less their recordings and the parts of uploads not yet complete. */
export async function studentSpaceLeft(ctx: AppContext, studentId: number): Promise<number> {
  const [recordings, staged] = await Promise.all([
    repo.studentStorageUsed(ctx.db, studentId),
    studentPartsSize(ctx.db, studentId),
  ]);
  return spaceLeftOf(ctx, recordings, staged);
}

/** STUDENT_STORAGE_MB less the bytes of the student's recordings and unfinished uploads. */
export function spaceLeftOf(ctx: AppContext, recordingsBytes: number, partsBytes: number): number {
  return Math.max(0, ctx.config.studentStorageBytes - recordingsBytes - partsBytes);
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
 * Whether the answer was recorded after the exam closed: by the device's clock corrected by its
 * offset (server/lib/edit-order.ts), never later than its arrival; without `recordedAt` the
 * arrival. So an answer recorded in time on a device that was offline until after the close is
 * not flagged, nor is one from a device whose clock runs hours fast.
 */
export function recordedAfterClose(
  closesAt: string | null,
  arrival: Date,
  description: Pick<RecordingDescription, 'recordedAt' | 'clientSentAt'>,
): boolean {
  if (closesAt === null) return false;
  const recorded = editedAt(arrival, description.recordedAt, description.clientSentAt);
  return Date.parse(recorded) > Date.parse(closesAt);
}

/**
 * Makes the recording of staged audio in one transaction: the row, the session it completes
 * (only the student's own session of this exam) and the teacher's mail. A unique clientId
 * refuses a second row; the caller resolves that race. The exam's rules never refuse an answer:
 * one recorded after the close, or beyond the attempts, is kept and flagged for the teacher.
 * `arrival`: when the request came (before it waited for an upload slot).
 */
export async function storeRecording(
  ctx: AppContext,
  studentId: number,
  clientId: string,
  description: RecordingDescription,
  staged: StagedAudio,
  target: AnswerTarget,
  arrival: Date,
): Promise<repo.RecordingRow> {
  const { exam, late, student, teacher } = target;
  if (!student) throw notFound();
  const session =
    description.sessionID != null
      ? await findStudentSession(ctx.db, studentId, description.sessionID)
      : undefined;
  // A session of another exam (or someone else's) is not this upload's: it is left alone.
  const ownSession = session && session.exam_id === exam.id ? session : undefined;
  const name = recordingName(exam.name, student);
  const now = nowIso();
  const mailTeacher = teacher !== null && teacher.informAboutExamCompletion;
  const afterClose = recordedAfterClose(exam.closes_at, arrival, description);

  const row = await ctx.db.transaction().execute(async (trx) => {
    // Counted where the row is made: the recordings stored before this one.
    const overAttempts =
      exam.attempts !== null &&
      (await repo.countStudentExamRecordings(trx, studentId, exam.id)) >= exam.attempts;
    const created = await repo.insertRecording(trx, {
      client_id: clientId,
      exam_id: exam.id,
      student_id: studentId,
      session_id: ownSession?.id ?? null,
      variant_id: description.variantID,
      name,
      search: searchColumn(name),
      mime: storedMime(staged.container, description.mime),
      size: staged.size,
      duration: description.duration,
      task_starts: JSON.stringify(description.taskStarts ?? []),
      question_starts: JSON.stringify(description.questionStarts ?? []),
      peaks: description.peaks ? JSON.stringify(description.peaks) : null,
      storage_key: staged.key,
      created_at: now,
      interrupted: description.interrupted ? 1 : 0,
      late: late ? 1 : 0,
      after_close: afterClose ? 1 : 0,
      over_attempts: overAttempts ? 1 : 0,
    });
    if (ownSession) await markSessionComplete(trx, ownSession.id, now, description.variantID);
    if (mailTeacher) {
      await enqueueMail(trx, completionMail(ctx, teacher.email, student, exam.name, created.id), now);
    }
    return created;
  });
  if (mailTeacher) kickMailQueue(ctx);
  // The exam's live progress views show it received.
  await noteExamChanged(ctx, exam.id);
  return row;
}

/**
 * Runs the creation of a recording from staged audio and keeps the staged object only when the
 * answer is the recording that holds it: a repeat or a lost race answers the other recording,
 * and a failure stores nothing.
 */
export async function keepStagedIfUsed(
  ctx: AppContext,
  staged: StagedAudio | null,
  create: () => Promise<repo.RecordingRow>,
): Promise<repo.RecordingRow> {
  let row: repo.RecordingRow;
  try {
    row = await create();
  } catch (err) {
    if (staged) await ctx.storage.delete(staged.key);
    throw err;
  }
  if (staged && row.storage_key !== staged.key) await ctx.storage.delete(staged.key);
  return row;
}
