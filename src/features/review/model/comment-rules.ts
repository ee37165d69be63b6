import { commentDraftSchema } from '@/shared/contract/review';

/** The teacher's main region starts at 0–5 s and is at least 0.3 s long. */
export const MAIN_REGION_MIN_LENGTH = 0.3;
export const MAIN_REGION_DEFAULT_END = 5;

export function initialMainRegion(duration: number): { start: number; end: number } {
  return { start: 0, end: Math.min(MAIN_REGION_DEFAULT_END, duration) };
}

/**
 * What is wrong with a comment draft, by the contract's own schema (the one the server checks
 * with, with the same slack past the end), or null when the server will take it.
 */
export function commentDraftError(
  draft: { start: number; end: number; comment: string },
  duration: number,
): string | null {
  const checked = commentDraftSchema(duration).safeParse(draft);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Проверьте комментарий');
}

/** Tenths of a second, never past the end of the recording: what a new comment's span is sent as. */
export const roundWithin = (v: number, duration: number) =>
  Math.min(duration, Math.max(0, Math.round(v * 10) / 10));
