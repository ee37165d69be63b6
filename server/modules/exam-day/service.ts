import type { Writable } from 'node:stream';
import type {
  ExamProgress,
  ExamProgressStudent,
  ProgressReportBody,
} from '../../../src/shared/contract/progress';
import { EXAM_DAY_TEXT, RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { editedAt } from '../../lib/edit-order';
import { HttpError, notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { requireTeacherExam } from '../exams';
import * as repo from './repository';
import { runtimeOf } from './runtime';

// Where every answer of an exam is: what devices report of each attempt (one per recording's
// clientId), what the server received or refused for good, laid out per assigned student.

/**
 * POST /api/student/exam/{id}/progress: keeps the attempt's state unless the server holds a newer
 * report of it (by the device's time, corrected by its offset and never past the arrival). Only a
 * student given the exam (now, or before: a late answer is still theirs) may report; anyone else
 * gets 404. A change is told to the exam's live views.
 */
export async function reportProgress(
  ctx: AppContext,
  studentId: number,
  examId: number,
  body: ProgressReportBody,
  arrival: Date,
): Promise<void> {
  if (!(await repo.isExamGiven(ctx.db, studentId, examId, body.variantID))) {
    throw notFound(EXAM_DAY_TEXT.examNotGiven);
  }
  const changed = await repo.upsertProgress(ctx.db, {
    exam_id: examId,
    student_id: studentId,
    client_id: body.clientId,
    variant_id: body.variantID ?? null,
    state: body.state,
    task: body.task,
    question: body.question ?? null,
    pending_bytes: body.pendingBytes ?? null,
    device_at: editedAt(arrival, body.at, body.clientSentAt),
    updated_at: nowIso(arrival),
  });
  if (changed) await noteExamChanged(ctx, examId);
}

/** GET /api/teacher/exam/{id}/progress: the exam's teacher only (a foreign exam answers 404). */
export async function teacherProgress(
  ctx: AppContext,
  teacherId: number,
  examId: number,
): Promise<ExamProgress> {
  await requireTeacherExam(ctx.db, teacherId, examId);
  return (await examProgress(ctx.db, examId)) ?? { students: [] };
}

/**
 * GET …/progress/events: after the teacher's exam is checked (404 otherwise), `out` joins the exam's
 * streams and gets the progress at once, then every change, until it closes or the token expires.
 */
export async function openProgressStream(
  ctx: AppContext,
  teacherId: number,
  examId: number,
  out: Writable,
  expiresAt: number,
): Promise<void> {
  await requireTeacherExam(ctx.db, teacherId, examId);
  const runtime = runtimeOf(ctx);
  if (!runtime) {
    out.end();
    return;
  }
  // Written as the first snapshot is ready; the answer's head goes out meanwhile.
  void runtime.streams.open(examId, out, expiresAt);
}

/** The exam's progress for every assigned student (five queries for the class); undefined once the exam is gone. */
export async function examProgress(db: Db, examId: number): Promise<ExamProgress | undefined> {
  if (!(await repo.findExam(db, examId))) return undefined;
  return { students: await classProgress(db, examId) };
}

/**
 * The progress of an exam the caller has checked: of these students (a page the caller read), or
 * of every assigned student. Three queries with the students given, four without.
 */
export async function classProgress(
  db: Db,
  examId: number,
  only?: ClassData['students'],
  /** These students' recordings of the exam (`examRecordings`), when the caller reads them anyway. */
  read?: repo.ReceivedRow[] | Promise<repo.ReceivedRow[]>,
): Promise<ExamProgressStudent[]> {
  // A page's students read only their own rows, not the whole class's.
  const ids = only?.map((s) => s.id);
  const [students, progress, recordings] = await Promise.all([
    only ?? repo.assignedStudents(db, examId),
    repo.examProgressRows(db, examId, ids),
    read ?? repo.examRecordings(db, examId, ids),
  ]);
  // Each row carries its variant's task count; a variant with none (or gone) has no count.
  const taskCounts = new Map<number, number>();
  for (const row of [...progress, ...recordings]) {
    const tasks = Number(row.variant_tasks ?? 0);
    if (row.variant_id !== null && tasks > 0) taskCounts.set(row.variant_id, tasks);
  }
  return progressOfClass({ students, progress, recordings, taskCounts });
}

export interface ClassData {
  students: Array<{ id: number; surname: string; name: string }>;
  progress: repo.ProgressRow[];
  recordings: repo.ReceivedRow[];
  taskCounts: Map<number, number>;
}

/** One attempt: what its device reported, and its recording when the server holds it. */
interface Attempt {
  progress?: repo.ProgressRow;
  recording?: repo.ReceivedRow;
}

/** An attempt's place in time: when its device says it stood so, else when its recording came. */
const attemptTime = (a: Attempt): string => a.progress?.device_at ?? a.recording?.created_at ?? '';

const later = (a: string | null | undefined, b: string | null | undefined): string | undefined =>
  [a, b]
    .filter((t): t is string => typeof t === 'string')
    .sort()
    .at(-1);

// Made at the first sort: ICU's Russian collation data loads with it, which an idle server does without.
let collator: Intl.Collator | undefined;
const ruCollator = () => (collator ??= new Intl.Collator('ru', { sensitivity: 'base' }));

/**
 * Each student's latest attempt (by its corrected time) and where it stands: received when the
 * server holds its recording, refused when the server refused its upload for good, on the device
 * when finished there, in progress when started. A recording no report names (an older client) is
 * an attempt of its own, at its arrival. No attempt at all: not started.
 */
export function progressOfClass(data: ClassData): ExamProgressStudent[] {
  const attempts = new Map<number, Map<string, Attempt>>();
  const attemptOf = (studentId: number, clientId: string): Attempt => {
    let byClient = attempts.get(studentId);
    if (!byClient) attempts.set(studentId, (byClient = new Map()));
    let attempt = byClient.get(clientId);
    if (!attempt) byClient.set(clientId, (attempt = {}));
    return attempt;
  };
  for (const p of data.progress) attemptOf(p.student_id, p.client_id).progress = p;
  for (const r of data.recordings) attemptOf(r.student_id, r.client_id).recording = r;

  const byName = ruCollator();
  const students = [...data.students].sort(
    (a, b) => byName.compare(a.surname, b.surname) || byName.compare(a.name, b.name) || a.id - b.id,
  );
  return students.map((student) => {
    const row = { id: student.id, surname: student.surname, name: student.name };
    const own = [...(attempts.get(student.id)?.values() ?? [])];
    if (own.length === 0) return { ...row, state: 'not-started' as const };
    const latest = own.reduce((best, a) => {
      const [ta, tb] = [attemptTime(a), attemptTime(best)];
      if (ta !== tb) return ta > tb ? a : best;
      // The same instant: the one heard of last.
      return (a.progress?.updated_at ?? '') > (best.progress?.updated_at ?? '') ? a : best;
    });
    const { progress: p, recording: r } = latest;
    const variant = p?.variant_id ?? r?.variant_id ?? null;
    const tasks = variant !== null ? data.taskCounts.get(variant) : undefined;
    const seen = later(later(p?.updated_at, p?.refused_at), r?.created_at);
    const common = {
      ...row,
      ...(p?.task != null && { task: p.task }),
      ...(p?.question != null && { question: p.question }),
      ...(tasks !== undefined && { tasks }),
      ...(seen !== undefined && { lastSeen: seen }),
    };
    if (r) {
      return {
        ...common,
        state: 'received' as const,
        recordingId: r.id,
        late: r.late === 1 || r.after_close === 1,
      };
    }
    // Only a report makes an attempt without a recording.
    const report = p as repo.ProgressRow;
    const pending = report.pending_bytes != null ? { pendingBytes: report.pending_bytes } : {};
    if (report.refused_reason !== null) {
      return { ...common, ...pending, state: 'refused' as const, message: report.refused_reason };
    }
    if (report.state === 'finished') return { ...common, ...pending, state: 'on-device' as const };
    return { ...common, state: 'in-progress' as const };
  });
}

/** Tells the exam's live views, on every instance, that its progress changed. */
export async function noteExamChanged(ctx: AppContext, examId: number): Promise<void> {
  await runtimeOf(ctx)?.changes.publish(examId);
}

/** An upload of a recording as its refusal is recorded. */
export interface RefusedUpload {
  examId: number;
  studentId: number;
  clientId: string;
  /** When the request came, and the device's times of the recording (the attempt's place in time). */
  arrival: Date;
  recordedAt?: string;
  clientSentAt?: string;
}

/**
 * A refusal a device will not retry (the client's rule: a 4xx other than 401, 408, 425 and 429),
 * and the upload's own: another student's clientId is not this attempt's to mark.
 */
function isFinalRefusal(err: unknown): err is HttpError {
  if (!(err instanceof HttpError)) return false;
  const status = err.statusCode;
  if (status < 400 || status >= 500 || [401, 408, 425, 429].includes(status)) return false;
  return err.message !== RECORDING_TEXT.uploadOfAnotherStudent;
}

/**
 * Where the recordings module refuses an upload for good, it tells this: the attempt is marked
 * refused with the reason (its row made when the device never reported), and the exam's live
 * views hear of it. Only for an exam the student was given; anything else is left alone. Never
 * throws: the refusal's own answer must not change.
 */
export async function noteRefusedUpload(ctx: AppContext, err: unknown, upload: RefusedUpload): Promise<void> {
  if (!isFinalRefusal(err)) return;
  try {
    if (!(await repo.isExamGiven(ctx.db, upload.studentId, upload.examId))) return;
    const at = nowIso(upload.arrival);
    await repo.recordRefusal(
      ctx.db,
      { exam_id: upload.examId, student_id: upload.studentId, client_id: upload.clientId },
      err.message,
      at,
      editedAt(upload.arrival, upload.recordedAt, upload.clientSentAt),
    );
    await noteExamChanged(ctx, upload.examId);
  } catch (failure) {
    ctx.log.warn({ err: failure, examId: upload.examId }, 'exam-day: an upload refusal not recorded');
  }
}
