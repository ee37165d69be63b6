/** A span of a recording, in seconds. */
export interface Span {
  start: number;
  end: number;
}

/**
 * A region of `length` seconds placed at `at` in a recording of `total` seconds (0: not known
 * yet): it starts there and runs `length`, or to the end; never shorter than `minLength`, so one
 * placed too near the end is its last `minLength`.
 */
export function placeRegion(at: number, length: number, total: number, minLength: number): Span {
  const start = Math.max(0, Number.isFinite(at) ? at : 0);
  if (!(total > 0)) return { start, end: start + length };
  if (total <= minLength) return { start: 0, end: total };
  const from = Math.min(start, total - minLength);
  return { start: from, end: Math.min(total, from + Math.max(length, minLength)) };
}
