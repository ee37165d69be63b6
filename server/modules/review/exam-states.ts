import type { ExamProgressStudent } from '../../../src/shared/contract/progress';
import type { Db } from '../../db/types';
import { classProgress } from '../exam-day';

// Each student's exam-day state for the statistics and scores.csv: the progress view's answer,
// computed once per request (for the page's students, or the whole class) and looked up per row.
// The caller has checked the exam is the teacher's.

type ExamStates = Map<number, Pick<ExamProgressStudent, 'state' | 'message'>>;

/** The states of these students (default: the whole class) by student id. */
export async function examStates(
  db: Db,
  examId: number,
  students?: Array<{ id: number; surname: string; name: string }>,
  /** Their recordings of the exam (`examRecordings`), when the caller reads them anyway. */
  recordings?: Parameters<typeof classProgress>[3],
): Promise<ExamStates> {
  const progress = await classProgress(db, examId, students, recordings);
  return new Map(progress.map((s) => [s.id, { state: s.state, message: s.message }]));
}

/** A student's state and the refusal's reason; a student the progress does not name has not started. */
export function stateOf(states: ExamStates, studentId: number) {
  const s = states.get(studentId);
  return {
    state: s?.state ?? ('not-started' as const),
    stateMessage: s?.state === 'refused' ? (s.message ?? null) : null,
  };
}
