import type { RecordingScores, Score, ScoresPutBody, TaskScores } from '../../../src/shared/contract/grading';
import type { Criterion } from '../../../src/shared/contract/teacher';
import { GRADING_TEXT, RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { editedAt } from '../../lib/edit-order';
import { badRequest, notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { findStudentRecording, findTeacherRecording } from '../recordings';
import { wasVariantGiven } from '../student-exams';
import { parseCriteria } from '../tasks';
import * as repo from './repository';
import { gradeTotals } from '../../../src/shared/grade-totals';

/** A score as stored: with the criterion's name and the maximum it was given against. */
interface StoredScore {
  position: number;
  criterion: number;
  name: string;
  maxPoints: number;
  points: number;
}

function parseStoredScores(json: string | null): StoredScore[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as StoredScore[]) : [];
  } catch {
    return [];
  }
}

interface GradingTask {
  position: number;
  taskId: number;
  taskName: string;
  criteria: Criterion[];
}

/** The tasks of the variant a recording was made of, positions from 1; none without a variant. */
async function gradingTasks(db: Db, variantId: number | null): Promise<GradingTask[]> {
  if (variantId === null) return [];
  const rows = await repo.variantTasksWithCriteria(db, variantId);
  return rows.map((t, i) => ({
    position: i + 1,
    taskId: t.id,
    taskName: t.name,
    criteria: parseCriteria(t.criteria),
  }));
}

const scoreKey = (position: number, criterion: number) => `${position}:${criterion}`;

/**
 * The grade as the panels show it: each task's current criteria, a criterion already scored
 * keeping the maximum it was scored against (and its name, should it have been removed since).
 */
function gradeView(tasks: GradingTask[], scores: StoredScore[], gradedAt: string | null): RecordingScores {
  const byKey = new Map(scores.map((s) => [scoreKey(s.position, s.criterion), s]));
  const viewTasks: TaskScores[] = tasks.map((task) => {
    const scoredHere = scores.filter((s) => s.position === task.position);
    const count = Math.max(task.criteria.length, ...scoredHere.map((s) => s.criterion + 1));
    const criteria = [];
    for (let i = 0; i < count; i++) {
      const current = task.criteria[i];
      const scored = byKey.get(scoreKey(task.position, i));
      if (scored)
        criteria.push({
          name: current?.name ?? scored.name,
          maxPoints: scored.maxPoints,
          points: scored.points,
        });
      else if (current) criteria.push({ name: current.name, maxPoints: current.maxPoints, points: null });
    }
    return { position: task.position, taskId: task.taskId, taskName: task.taskName, criteria };
  });
  const all = viewTasks.flatMap((t) => t.criteria);
  return {
    tasks: viewTasks,
    ...gradeTotals(all),
    gradedAt,
  };
}

async function scoresOf(
  db: Db,
  recording: { id: number; variant_id: number | null },
): Promise<RecordingScores> {
  const [tasks, grade] = await Promise.all([
    gradingTasks(db, recording.variant_id),
    repo.findGrade(db, recording.id),
  ]);
  const gradedAt = grade?.graded_at ?? null;
  return gradeView(tasks, gradedAt === null ? [] : parseStoredScores(grade?.scores ?? null), gradedAt);
}

export async function getTeacherScores(
  ctx: AppContext,
  teacherId: number,
  id: number,
): Promise<RecordingScores> {
  const recording = await findTeacherRecording(ctx.db, teacherId, id);
  if (!recording) throw notFound(RECORDING_TEXT.recordingNotFound);
  return scoresOf(ctx.db, recording);
}

export async function getStudentScores(
  ctx: AppContext,
  studentId: number,
  id: number,
): Promise<RecordingScores> {
  const recording = await findStudentRecording(ctx.db, studentId, id);
  if (!recording) throw notFound(RECORDING_TEXT.recordingNotFound);
  // The tasks and criteria only of a variant the student was given in the exam.
  const given =
    recording.variant_id !== null &&
    (await wasVariantGiven(ctx.db, studentId, recording.exam_id, recording.variant_id));
  return scoresOf(ctx.db, given ? recording : { ...recording, variant_id: null });
}

/**
 * Each score must name a task of the variant and one of its criteria, within the maximum: the
 * one it was scored against before, else the criterion's current one.
 */
function toStoredScores(tasks: GradingTask[], previous: StoredScore[], scores: Score[]): StoredScore[] {
  const before = new Map(previous.map((s) => [scoreKey(s.position, s.criterion), s]));
  return scores.map((s) => {
    const task = tasks[s.position - 1];
    if (!task) throw badRequest(GRADING_TEXT.noSuchTask(s.position));
    const earlier = before.get(scoreKey(s.position, s.criterion));
    const current = task.criteria[s.criterion];
    const against = earlier ?? (current && { name: current.name, maxPoints: current.maxPoints });
    if (!against) throw badRequest(GRADING_TEXT.noSuchCriterion(s.position, s.criterion));
    const name = current?.name ?? against.name;
    if (s.points > against.maxPoints)
      throw badRequest(GRADING_TEXT.pointsAboveMax(s.position, name, against.maxPoints));
    return {
      position: s.position,
      criterion: s.criterion,
      name,
      maxPoints: against.maxPoints,
      points: s.points,
    };
  });
}

/**
 * Replaces the recording's whole grade (clearing it too), unless the stored one was made later
 * by the server's reckoning of the devices' clocks (server/lib/edit-order.ts: an offline replay
 * arriving after a newer edit): then the stored grade answers as it is. A grade with any score
 * marks the recording checked.
 */
export async function putTeacherScores(
  ctx: AppContext,
  teacherId: number,
  id: number,
  body: Pick<ScoresPutBody, 'clientUpdatedAt' | 'clientSentAt'> & { scores: Score[] },
): Promise<RecordingScores> {
  const arrival = new Date();
  const recording = await findTeacherRecording(ctx.db, teacherId, id);
  if (!recording) throw notFound(RECORDING_TEXT.recordingNotFound);
  return ctx.db.transaction().execute(async (trx) => {
    const [tasks, grade] = await Promise.all([
      gradingTasks(trx, recording.variant_id),
      repo.findGrade(trx, recording.id),
    ]);
    const previous = grade?.graded_at ? parseStoredScores(grade.scores) : [];
    const scores = toStoredScores(tasks, previous, body.scores);
    const now = nowIso();
    const graded = scores.length > 0;
    const view = gradeView(tasks, scores, graded ? now : null);
    const saved = await repo.saveGradeUnlessNewer(trx, {
      recording_id: recording.id,
      scores: JSON.stringify(scores),
      total: view.total,
      max_total: view.maxTotal,
      graded_at: graded ? now : null,
      client_updated_at: new Date(body.clientUpdatedAt).toISOString(),
      edited_at: editedAt(arrival, body.clientUpdatedAt, body.clientSentAt),
      updated_at: now,
    });
    if (!saved) return scoresOf(trx, recording);
    if (graded) await repo.markChecked(trx, recording.id);
    return view;
  });
}

// ---- for the exam's statistics and gradebook ----

/** The grade of a student's latest recording of an exam, its flags, and how many they made. */
interface LatestGrade {
  /** When that recording was made. */
  createdAt: string;
  /** The student's recordings of the exam. */
  attempts: number;
  /** The latest was recorded after the exam closed, or beyond the attempts allowed. */
  afterClose: boolean;
  overAttempts: boolean;
  /** Null while ungraded. */
  total: number | null;
  maxTotal: number | null;
  /** Each task's points (summed over its criteria), by position; empty while ungraded. */
  pointsByPosition: Map<number, number>;
}

/** Each task's points (summed over its criteria), by position; absent when nothing was scored. */
function pointsByPosition(scores: StoredScore[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const s of scores) sums.set(s.position, (sums.get(s.position) ?? 0) + s.points);
  return sums;
}

/**
 * The grade and flags of each of these students' latest recording of the exam (by time, then id)
 * and how many they made, keyed by student (absent: no recording).
 */
export async function latestGrades(
  db: Db,
  examId: number,
  studentIds: number[],
): Promise<Map<number, LatestGrade>> {
  return latestGradesOf(await repo.gradedRecordingsOf(db, examId, studentIds));
}

/** The same, from the recordings already read (any order), for a caller that reads them anyway. */
export function latestGradesOf(recordings: readonly repo.GradedRecordingRow[]): Map<number, LatestGrade> {
  const latest = new Map<number, { row: repo.GradedRecordingRow; count: number }>();
  for (const row of recordings) {
    const seen = latest.get(row.student_id);
    if (!seen) latest.set(row.student_id, { row, count: 1 });
    else {
      seen.count++;
      const { created_at: at, id } = seen.row;
      if (row.created_at > at || (row.created_at === at && row.id > id)) seen.row = row;
    }
  }
  return new Map(
    [...latest].map(([studentId, { row: r, count }]) => {
      const graded = r.graded_at !== null;
      return [
        studentId,
        {
          createdAt: r.created_at,
          attempts: count,
          afterClose: Number(r.after_close) === 1,
          overAttempts: Number(r.over_attempts) === 1,
          total: graded ? r.total : null,
          maxTotal: graded ? r.max_total : null,
          pointsByPosition: pointsByPosition(graded ? parseStoredScores(r.scores) : []),
        },
      ];
    }),
  );
}
