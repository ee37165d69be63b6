import { describe, expect, it } from 'vitest';
import { latestGradesOf } from '../../server/modules/grading';

const recording = (
  id: number,
  student_id: number,
  created_at: string,
  graded?: { total: number; max: number },
) => ({
  id,
  student_id,
  created_at,
  scores: graded ? JSON.stringify([{ position: 1, criterion: 0, points: graded.total }]) : null,
  total: graded?.total ?? null,
  max_total: graded?.max ?? null,
  graded_at: graded ? '2026-11-27T10:00:00.000Z' : null,
  after_close: id === 3 ? 1 : 0,
  over_attempts: 0,
});

describe('latestGradesOf (the statistics read the recordings once, in any order)', () => {
  it("takes each student's latest by time, then by id, and counts all of theirs", () => {
    const rows = [
      recording(1, 10, '2026-11-27T09:00:00.000Z', { total: 5, max: 10 }),
      recording(3, 10, '2026-11-27T09:30:00.000Z'),
      recording(2, 10, '2026-11-27T09:30:00.000Z', { total: 7, max: 10 }),
      recording(4, 20, '2026-11-27T08:00:00.000Z', { total: 9, max: 10 }),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const latest = latestGradesOf(order);
      expect(latest.get(10)).toMatchObject({
        createdAt: '2026-11-27T09:30:00.000Z',
        attempts: 3,
        afterClose: true,
        total: null,
        maxTotal: null,
      });
      expect(latest.get(20)).toMatchObject({ attempts: 1, afterClose: false, total: 9, maxTotal: 10 });
      expect(latest.has(30)).toBe(false);
    }
  });
});
