import { commentDraftSchema } from '@/shared/contract/review';
import { placeRegion, type Span } from '@/components/waveform/region-place';

/** The teacher's main region is 5 s long when it is placed anew, and at least 0.3 s long. */
export const MAIN_REGION_MIN_LENGTH = 0.3;
export const MAIN_REGION_DEFAULT_LENGTH = 5;

/**
 * A new comment's region: from the playhead, 5 s long or to the end of the recording (0–5 s on a
 * page just opened, whose playhead is at the start).
 */
export function newCommentRegion(playhead: number, duration: number): Span {
  return placeRegion(playhead, MAIN_REGION_DEFAULT_LENGTH, duration, MAIN_REGION_MIN_LENGTH);
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
