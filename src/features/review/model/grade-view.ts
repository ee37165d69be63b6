import type { RecordingScores, Score } from '@/shared/contract/grading';
import { gradeTotals } from '@/shared/grade-totals';

/** The scores a grade view holds, as the PUT sends them (unscored criteria left out). */
export function scoresOfView(view: RecordingScores): Score[] {
  return view.tasks.flatMap((task) =>
    task.criteria.flatMap((c, criterion) =>
      c.points === null ? [] : [{ position: task.position, criterion, points: c.points }],
    ),
  );
}

/** The server's view with these scores in place of its points (an edit not yet confirmed). */
export function viewWithScores(base: RecordingScores, scores: Score[]): RecordingScores {
  const points = new Map(scores.map((s) => [`${s.position}:${s.criterion}`, s.points]));
  const tasks = base.tasks.map((task) => ({
    ...task,
    criteria: task.criteria.map((c, criterion) => ({
      ...c,
      points: points.get(`${task.position}:${criterion}`) ?? null,
    })),
  }));
  const all = tasks.flatMap((t) => t.criteria);
  return {
    ...base,
    tasks,
    ...gradeTotals(all),
  };
}

/** The whole grade after one criterion's points change (null: not scored). */
export function scoresWithPoints(
  view: RecordingScores,
  position: number,
  criterion: number,
  points: number | null,
): Score[] {
  const others = scoresOfView(view).filter((s) => s.position !== position || s.criterion !== criterion);
  return points === null ? others : [...others, { position, criterion, points }];
}
