import { describe, expect, it } from 'vitest';
import { clickedTaskMarker } from '@/features/review/model/marker-click';

/** A host with an open shadow root holding a region the way the waveform draws it. */
function regionIn(part: string) {
  const host = document.createElement('div');
  document.body.append(host);
  const region = document.createElement('div');
  region.setAttribute('part', part);
  const label = document.createElement('span');
  region.append(label);
  host.attachShadow({ mode: 'open' }).append(region);
  return { host, label };
}

function clickOn(target: Element): number | null {
  let found: number | null = null;
  document.body.addEventListener('click', (e) => (found = clickedTaskMarker(e)), { once: true });
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
  return found;
}

describe('clickedTaskMarker', () => {
  it('names the task whose marker was clicked, through the shadow root', () => {
    expect(clickOn(regionIn('marker marker-0').label)).toBe(1);
    expect(clickOn(regionIn('marker marker-2').label)).toBe(3);
  });

  it('is null for a comment’s span, the main region or the waveform itself', () => {
    expect(clickOn(regionIn('region main').label)).toBeNull();
    expect(clickOn(regionIn('region id:5').label)).toBeNull();
    expect(clickOn(regionIn('region marker-1x').label)).toBeNull();
  });
});
