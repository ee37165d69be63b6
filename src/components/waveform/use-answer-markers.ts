import { type RefObject, useEffect, useRef } from 'react';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.js';
import { type AnswerMarker, fittingLabels, MARKER_PREFIX } from './answer-markers';
import type { Regions } from './use-wavesurfer';

/** The marker's label on one line over the waveform, readable on the bars («Задание 2», «2.3»). */
function markerLabel(marker: AnswerMarker, text: string): HTMLElement {
  const label = document.createElement('span');
  label.textContent = text;
  label.style.cssText = `white-space:nowrap;font-size:${marker.question === null ? 11 : 10}px;line-height:1.4;padding:0 4px;background:rgba(255,255,255,.85);border-radius:3px;cursor:pointer`;
  return label;
}

/**
 * Draws each answer's start as a marker that cannot be moved: a task's in `colors.task`, a
 * question's dashed in `colors.question`, each labelled where its label fits at `pxPerSecond`
 * (drawn again when that changes). A click on one is `onClick`'s alone (the waveform does not
 * seek to where the pointer was).
 */
export function useAnswerMarkers(
  regionsRef: RefObject<Regions | null>,
  drawn: boolean,
  markers: readonly AnswerMarker[] | undefined,
  pxPerSecond: number,
  colors: { task: string; question: string },
  onClick: (marker: AnswerMarker) => void,
) {
  const latest = useRef({ markers, onClick });
  useEffect(() => {
    latest.current = { markers, onClick };
  });

  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions || !drawn) return;
    const list = markers ?? [];
    const labels = fittingLabels(list, pxPerSecond);
    const added = list.map((marker, i) => {
      const label = labels[i];
      const region = regions.addRegion({
        id: marker.id,
        start: marker.start,
        ...(label !== null && { content: markerLabel(marker, label) }),
        color: marker.question === null ? colors.task : colors.question,
        drag: false,
        resize: false,
      });
      if (region.element) {
        // A pointer resting on it says what it is («Задание 2, вопрос 3»).
        region.element.title = marker.name;
        if (marker.question !== null) region.element.style.borderLeftStyle = 'dashed';
      }
      return region;
    });
    return () => added.forEach((r) => r.remove());
  }, [regionsRef, markers, pxPerSecond, colors.task, colors.question, drawn]);

  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions || !drawn) return;
    return regions.on('region-clicked', (region: Region, e: MouseEvent) => {
      if (!region.id.startsWith(MARKER_PREFIX)) return;
      const marker = latest.current.markers?.find((m) => m.id === region.id);
      if (!marker) return;
      e.stopPropagation();
      latest.current.onClick(marker);
    });
  }, [regionsRef, drawn]);
}
