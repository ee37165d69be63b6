import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.js';
import type { Regions } from './use-wavesurfer';

export const MAIN_REGION_ID = 'main';
/** What a drag across the waveform draws until it is released and becomes the main region. */
const SELECTION_ID = 'selection';

/** The teacher's editable main region. */
export interface EditableRegion {
  /** Where the region is: read when it is drawn (first, or after the player was rebuilt). */
  start: number;
  end: number;
  minLength: number;
  onChange: (start: number, end: number) => void;
}

/**
 * The teacher's main region: created once per drawn source at `editable`'s place, dragged and
 * resized, and replaced by a new range dragged across the waveform (it starts 5 px wide and
 * follows the pointer). Every change reaches `editable.onChange`. Returns a function that moves
 * the region (times typed elsewhere).
 */
export function useMainRegion(
  regionsRef: RefObject<Regions | null>,
  view: { drawn: boolean; total: number },
  editable: EditableRegion | undefined,
  color: string,
) {
  const { drawn, total } = view;
  const mainRef = useRef<Region | null>(null);
  const hasEditable = editable !== undefined;
  // The latest place and callback: a rebuilt player puts the region back where it was.
  const latest = useRef(editable);
  useEffect(() => {
    latest.current = editable;
  });

  useEffect(() => {
    const regions = regionsRef.current;
    const init = latest.current;
    if (!regions || !init || !drawn) return;
    const limits = { minLength: init.minLength, ...(total > 0 ? { maxLength: total } : {}) };
    mainRef.current = regions.addRegion({
      id: MAIN_REGION_ID,
      start: init.start,
      end: init.end,
      color,
      drag: true,
      resize: true,
      ...limits,
    });
    const subscriptions = [
      regions.on('region-updated', (region: Region) => {
        if (region.id === MAIN_REGION_ID) latest.current?.onChange(region.start, region.end);
      }),
      // A finished drag selection takes the main region's place.
      regions.on('region-created', (region: Region) => {
        if (region.id !== SELECTION_ID) return;
        mainRef.current?.remove();
        region.setOptions({ id: MAIN_REGION_ID });
        mainRef.current = region;
        latest.current?.onChange(region.start, region.end);
      }),
      regions.enableDragSelection({ id: SELECTION_ID, color, drag: true, resize: true, ...limits }),
    ];
    return () => {
      subscriptions.forEach((off) => off());
      mainRef.current?.remove();
      mainRef.current = null;
    };
  }, [regionsRef, hasEditable, color, drawn, total]);

  return useCallback((start: number, end: number) => mainRef.current?.setOptions({ start, end }), []);
}
