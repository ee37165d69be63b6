import { useMemo, useState } from 'react';
import type { WaveformMark } from './waveform-player';

export interface MarkableComment {
  start: number;
  end: number;
}

/**
 * Which comments' spans the waveform marks: `show` adds one (a click on its times), `hide` drops
 * it (the mark's own close button). `keyOf` names a comment; it should be a stable function.
 */
export function useCommentMarks<C extends MarkableComment>(
  comments: readonly C[],
  keyOf: (comment: C) => string,
) {
  const [shown, setShown] = useState<string[]>([]);
  const marks = useMemo<WaveformMark[]>(
    () =>
      comments
        .filter((c) => shown.includes(keyOf(c)))
        .map((c) => ({ id: keyOf(c), start: c.start, end: c.end })),
    [comments, keyOf, shown],
  );
  return {
    marks,
    isShown: (key: string) => shown.includes(key),
    show: (key: string) => setShown((s) => (s.includes(key) ? s : [...s, key])),
    hide: (key: string) => setShown((s) => s.filter((k) => k !== key)),
  };
}
