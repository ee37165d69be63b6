// The student-exams module's entry: its routes, and what recordings and grading need of the
// exams given to a student and of exam sessions (db or a transaction first: an answer completes
// its session in the transaction that stores it).
import type { Db } from '../../db/types';
import * as repo from './repository';

export { studentExamRoutes } from './routes';
export { requireAnswerTarget, type AnswerTarget } from './service';

/** Whether the student was ever given this variant in this exam. */
export const wasVariantGiven = (db: Db, studentId: number, examId: number, variantId: number) =>
  repo.wasVariantGiven(db, studentId, examId, variantId);
/** The student's own exam session, or undefined. */
export const findStudentSession = (db: Db, studentId: number, sessionId: number) =>
  repo.findStudentSession(db, studentId, sessionId);
/** Marks the session complete once, recording the variant taken. */
export const markSessionComplete = (db: Db, sessionId: number, completedAt: string, variantId?: number) =>
  repo.completeSession(db, sessionId, completedAt, variantId);
