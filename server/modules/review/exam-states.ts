import type { ExamProgressStudent } from '../../../src/shared/contract/progress';
import type { Db } from '../../db/types';
import { examProgress } from '../exam-day';

// Each student's exam-day state for the statistics and scores.csv: the progress view's answer
// for the whole class, computed once per request and looked up per row.

type ExamStates = Map<number, Pick<ExamProgressStudent, 'state' | 'message'>>;

/** The class's states by student id (empty once the exam is gone). */
export async function examStates(db: Db, examId: number): Promise<ExamStates> {
  const progress = await examProgress(db, examId);
  return new Map((progress?.students ?? []).map((s) => [s.id, { state: s.state, message: s.message }]));
}

/** A student's state and the refusal's reason; a student the progress does not name has not started. */
export function stateOf(states: ExamStates, studentId: number) {
  const s = states.get(studentId);
  return {
    state: s?.state ?? ('not-started' as const),
    stateMessage: s?.state === 'refused' ? (s.message ?? null) : null,
  };
}
