/** A grade's total and its maximum over the criteria it shows (unscored criteria count 0). */
export function gradeTotals(criteria: ReadonlyArray<{ points: number | null; maxPoints: number }>): {
  total: number;
  maxTotal: number;
} {
  return {
    total: criteria.reduce((sum, c) => sum + (c.points ?? 0), 0),
    maxTotal: criteria.reduce((sum, c) => sum + c.maxPoints, 0),
  };
}
