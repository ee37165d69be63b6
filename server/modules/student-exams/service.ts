import type { PageQuery, SearchPageQuery } from '../../../src/shared/contract/common';
import type {
  SessionStartResponse,
  StudentExam,
  StudentExamExtended,
} from '../../../src/shared/contract/student';
import type { AudioSummary, VariantDto } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT, RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { conflictMessage, notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import { countStudentExamRecordings, studentRecordingCounts, studentRecordingSummaries } from '../recordings';
import { toVariantDto } from '../variants';
import * as repo from './repository';

/** The exam if it is assigned to the student; anything else answers like a missing exam. */
export async function requireAssignedExam(db: Db, studentId: number, examId: number): Promise<repo.ExamRow> {
  const exam = await repo.findAssignedExam(db, studentId, examId);
  if (!exam) throw notFound(AUTHORING_TEXT.examNotFound);
  return exam;
}

/** The variant if it is one of the exam's; anything else answers like a missing variant. */
export async function requireExamVariant(
  db: Db,
  examId: number,
  variantId: number,
): Promise<{ id: number; name: string }> {
  const variant = (await repo.listExamVariants(db, examId)).find((v) => v.id === variantId);
  if (!variant) throw notFound(AUTHORING_TEXT.variantNotFound);
  return variant;
}

/** Where an answer lands: the exam, and whether it came after the exam stopped being the student's. */
export interface AnswerTarget {
  exam: repo.ExamRow;
  late: boolean;
  /** The student's recordings the exam holds already. */
  kept: number;
  /** Read in the same statement: the student, for the recording's name (null: no account). */
  student: repo.AnswerStudent | null;
  /** And the exam's teacher, for the completion mail. */
  teacher: repo.AnswerTeacher | null;
}

/**
 * Where a student's answer lands: an exam the student was given, with a variant they were given
 * in it (the assignment history). When the exam was taken off the student (or the variant out of
 * the exam) before the answer arrived, still that exam, marked late so the teacher sees it rather
 * than losing it. An exam or variant never given to the student answers like a missing exam (no
 * task text before the exam); one deleted for good refuses the answer.
 */
export async function requireAnswerTarget(
  db: Db,
  studentId: number,
  examId: number,
  variantId: number,
): Promise<AnswerTarget> {
  const given = await repo.findGivenExam(db, studentId, examId, variantId);
  if (!given) throw notFound(RECORDING_TEXT.examGone);
  const { assigned, inExam, teacherVariant, kept, student, teacher, ...exam } = given;
  if (!inExam && !teacherVariant) throw conflictMessage(RECORDING_TEXT.variantGone);
  return { exam, late: !assigned || !inExam, kept, student, teacher };
}

/**
 * What the student's exam answers carry about taking it: the exam's attempts and window, and
 * how many recordings of theirs the server holds for it. The window is the client's to keep
 * (a device may start offline); the server only flags what arrives outside it.
 */
function toStudentExam(
  exam: Pick<repo.ExamRow, 'id' | 'name' | 'attempts' | 'opens_at' | 'closes_at'>,
  attemptsUsed: number,
): StudentExam {
  return {
    id: exam.id,
    name: exam.name,
    attempts: exam.attempts,
    opensAt: exam.opens_at,
    closesAt: exam.closes_at,
    attemptsUsed,
  };
}

export async function listExams(
  ctx: AppContext,
  studentId: number,
  q: SearchPageQuery,
): Promise<Page<StudentExam>> {
  const page = await repo.assignedExamsPage(ctx.db, studentId, q);
  // One grouped count for the page's exams.
  const used = await studentRecordingCounts(
    ctx.db,
    studentId,
    page.items.map((e) => e.id),
  );
  return mapPage(page, (exam) => toStudentExam(exam, used.get(exam.id) ?? 0));
}

export async function getExam(ctx: AppContext, studentId: number, examId: number): Promise<StudentExam> {
  const exam = await requireAssignedExam(ctx.db, studentId, examId);
  return toStudentExam(exam, await countStudentExamRecordings(ctx.db, studentId, examId));
}

export async function getExtendedExam(
  ctx: AppContext,
  studentId: number,
  examId: number,
): Promise<StudentExamExtended> {
  const exam = await requireAssignedExam(ctx.db, studentId, examId);
  const [used, variants] = await Promise.all([
    countStudentExamRecordings(ctx.db, studentId, examId),
    repo.listExamVariants(ctx.db, examId),
  ]);
  return { ...toStudentExam(exam, used), variants };
}

/**
 * A variant of an assigned exam with its tasks and their files (signed addresses). The exam's
 * view: never the tasks' model answers (a student hears them once their recording is checked).
 */
export async function getVariant(
  ctx: AppContext,
  studentId: number,
  examId: number,
  variantId: number,
): Promise<VariantDto> {
  await requireAssignedExam(ctx.db, studentId, examId);
  return toVariantDto(ctx, await requireExamVariant(ctx.db, examId, variantId), { modelAnswers: false });
}

/** The student's own recordings of an assigned exam, newest first. */
export async function listExamRecordings(
  ctx: AppContext,
  studentId: number,
  examId: number,
  q: PageQuery,
): Promise<Page<AudioSummary>> {
  await requireAssignedExam(ctx.db, studentId, examId);
  return studentRecordingSummaries(ctx.db, studentId, { ...q, search_string: '' }, examId);
}

export async function startSession(
  ctx: AppContext,
  studentId: number,
  examId: number,
  variantId: number | undefined,
): Promise<SessionStartResponse> {
  await requireAssignedExam(ctx.db, studentId, examId);
  if (variantId !== undefined) await requireExamVariant(ctx.db, examId, variantId);
  const session = await repo.insertSession(ctx.db, {
    exam_id: examId,
    student_id: studentId,
    variant_id: variantId ?? null,
    started_at: nowIso(),
  });
  return { session_id: session.id };
}

/** Marks the student's own session complete; a repeat changes nothing and answers the same. */
export async function completeSession(ctx: AppContext, studentId: number, sessionId: number) {
  const session = await repo.findStudentSession(ctx.db, studentId, sessionId);
  if (!session) throw notFound(RECORDING_TEXT.sessionNotFound);
  if (session.completed_at === null) await repo.completeSession(ctx.db, session.id, nowIso());
  return { session_id: session.id, completed: true };
}
