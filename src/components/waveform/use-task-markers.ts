import { useEffect } from 'react';
import type { RefObject } from 'react';
import type { Regions } from './use-wavesurfer';

export const MARKER_PREFIX = 'marker-';

/** "Задание N" on one line over the waveform, readable on the bars. */
function markerLabel(index: number): HTMLElement {
  const label = document.createElement('span');
  label.textContent = `Задание ${index + 1}`;
  label.style.cssText =
    'white-space:nowrap;font-size:11px;line-height:1.4;padding:0 4px;background:rgba(255,255,255,.85);border-radius:3px';
  return label;
}

/** Draws each task's start (seconds) as a numbered marker that cannot be moved. */
export function useTaskMarkers(
  regionsRef: RefObject<Regions | null>,
  drawn: boolean,
  markers: number[] | undefined,
  color: string,
) {
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions || !drawn) return;
    const added = (markers ?? []).map((start, i) =>
      regions.addRegion({
        id: `${MARKER_PREFIX}${i}`,
        start,
        content: markerLabel(i),
        color,
        drag: false,
        resize: false,
      }),
    );
    return () => added.forEach((r) => r.remove());
  }, [regionsRef, markers, color, drawn]);
}
