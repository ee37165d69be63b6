/** SPEC.md §5, §9: the teacher's main region starts at 0–5 s and is at least 0.3 s long. */
export const MAIN_REGION_MIN_LENGTH = 0.3;
export const MAIN_REGION_DEFAULT_END = 5;

export function initialMainRegion(duration: number): { start: number; end: number } {
  return { start: 0, end: Math.min(MAIN_REGION_DEFAULT_END, duration) };
}

/** The server's comment rules, checked before queueing: start ≥ 0, end ≤ duration, start ≤ end. */
export function commentSpanError(start: number, end: number, duration: number): string | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'Начало и конец: укажите число секунд';
  if (start < 0) return 'Начало: не может быть меньше 0';
  if (end > duration + 0.05) return 'Конец: не может быть позже конца записи';
  if (start > end) return 'Начало комментария не может быть позже конца';
  return null;
}
