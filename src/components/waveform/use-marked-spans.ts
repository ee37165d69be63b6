import { type RefObject, useEffect, useRef } from 'react';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.js';
import { MAIN_REGION_ID } from './use-main-region';
import { MARKER_PREFIX } from './answer-markers';
import type { Regions } from './use-wavesurfer';

/** A span marked on the waveform (a comment's time range). */
export interface WaveformMark {
  id: string;
  start: number;
  end: number;
}

/**
 * Draws the marked spans; a click on a span plays from its start, a double click removes it
 * (`onRemove` is told). Task markers and the main region are not marks.
 */
export function useMarkedSpans(
  regionsRef: RefObject<Regions | null>,
  ensureLoaded: () => Promise<void>,
  src: string,
  marks: WaveformMark[] | undefined,
  color: string,
  onRemove: ((id: string) => void) | undefined,
) {
  const onRemoveRef = useRef(onRemove);
  useEffect(() => {
    onRemoveRef.current = onRemove;
  });

  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions) return;
    const subscriptions = [
      regions.on('region-clicked', (region: Region, e: MouseEvent) => {
        if (region.id.startsWith(MARKER_PREFIX)) return;
        e.stopPropagation();
        void ensureLoaded().then(() => region.play());
      }),
      regions.on('region-double-clicked', (region: Region, e: MouseEvent) => {
        if (region.id === MAIN_REGION_ID || region.id.startsWith(MARKER_PREFIX)) return;
        e.stopPropagation();
        region.remove();
        onRemoveRef.current?.(region.id);
      }),
    ];
    return () => subscriptions.forEach((off) => off());
  }, [regionsRef, ensureLoaded, src]);

  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions) return;
    const added = (marks ?? []).map((m) =>
      regions.addRegion({ id: m.id, start: m.start, end: m.end, color, drag: false, resize: false }),
    );
    return () => added.forEach((r) => r.remove());
  }, [regionsRef, marks, color, src]);
}
