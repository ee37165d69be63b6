/**
 * The task (from 1) whose marker on the waveform a click landed on, or null. The player draws
 * task N's marker as the region `marker-<N-1>` inside its open shadow root, which names it in
 * the `part` attribute; the click's composed path reaches in there.
 */
export function clickedTaskMarker(event: Event): number | null {
  for (const target of event.composedPath()) {
    if (!(target instanceof Element)) continue;
    const match = /(?:^|\s)marker-(\d+)(?:\s|$)/.exec(target.getAttribute('part') ?? '');
    if (match) return Number(match[1]) + 1;
  }
  return null;
}
