import { type RefObject, useEffect, useRef } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.js';
import { placeRegion } from './region-place';
import type { Regions } from './use-wavesurfer';

export const MAIN_REGION_ID = 'main';
/** What a drag across the waveform draws until it is released and becomes the main region. */
const SELECTION_ID = 'selection';

/** Two places closer than this (seconds) are one: the region is not moved for a rounding. */
const SAME_PLACE = 1e-3;

/** The teacher's editable main region, where the page says it is. */
export interface EditableRegion {
  start: number;
  end: number;
  minLength: number;
  /** Told every change made on the waveform (a drag, a resize, a new range, a click). */
  onChange: (start: number, end: number) => void;
}

/**
 * The teacher's main region, placed where `editable` says (and moved there whenever that
 * changes), dragged and resized, replaced by a new range dragged across the waveform (it starts
 * 5 px wide and follows the pointer), and moved by a click on the waveform to where the click
 * put the playhead, keeping its length (or to the end). Every change made on the waveform
 * reaches `editable.onChange`.
 */
export function useMainRegion(
  regionsRef: RefObject<Regions | null>,
  wsRef: RefObject<WaveSurfer | null>,
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
    const ws = wsRef.current;
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
      // A click on the waveform (not on a region: those keep their clicks) moves the playhead
      // there, and the region with it. A drag is no click: it draws a new range instead.
      ...(ws
        ? [
            ws.on('interaction', (at: number) => {
              const main = mainRef.current;
              const current = latest.current;
              if (!main || !current) return;
              const length = main.end - main.start;
              const next = placeRegion(at, length, total > 0 ? total : ws.getDuration(), current.minLength);
              main.setOptions(next);
              current.onChange(next.start, next.end);
            }),
          ]
        : []),
    ];
    return () => {
      subscriptions.forEach((off) => off());
      mainRef.current?.remove();
      mainRef.current = null;
    };
  }, [regionsRef, wsRef, hasEditable, color, drawn, total]);

  // The page moved it ('Комментарий с этого места', a new comment at the playhead).
  const start = editable?.start;
  const end = editable?.end;
  useEffect(() => {
    const main = mainRef.current;
    if (!main || start === undefined || end === undefined) return;
    if (Math.abs(main.start - start) < SAME_PLACE && Math.abs(main.end - end) < SAME_PLACE) return;
    main.setOptions({ start, end });
  }, [start, end, drawn]);
}
