import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { placeRegion } from '@/components/waveform/region-place';
import { MAIN_REGION_ID } from '@/components/waveform/use-main-region';
import { WaveformPlayer } from '@/components/waveform/waveform-player';
import { made } from '../../helpers/fake-wavesurfer';

vi.mock('wavesurfer.js', async () => (await import('../../helpers/fake-wavesurfer')).wavesurferModule);
vi.mock(
  'wavesurfer.js/dist/plugins/regions.js',
  async () => (await import('../../helpers/fake-wavesurfer')).regionsModule,
);

beforeEach(() => {
  // jsdom plays no media: a player let go resets its element with load().
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  made.players.length = 0;
  made.regions.length = 0;
});

describe('placeRegion', () => {
  it('starts at the place and keeps the length, or runs to the end', () => {
    expect(placeRegion(10, 5, 60, 0.3)).toEqual({ start: 10, end: 15 });
    expect(placeRegion(58, 5, 60, 0.3)).toEqual({ start: 58, end: 60 });
    expect(placeRegion(-2, 5, 60, 0.3)).toEqual({ start: 0, end: 5 });
  });

  it('is never shorter than the minimum, nor longer than the recording', () => {
    expect(placeRegion(60, 5, 60, 0.3)).toEqual({ start: 59.7, end: 60 });
    expect(placeRegion(3, 5, 0.2, 0.3)).toEqual({ start: 0, end: 0.2 });
    // The length not known yet: the place and the length as they are.
    expect(placeRegion(3, 5, 0, 0.3)).toEqual({ start: 3, end: 8 });
  });
});

/** The player with an editable region at `span`, and what its region tells. */
async function renderEditable(span: { start: number; end: number }) {
  const onChange = vi.fn();
  const props = { src: '/media/1', peaks: [0.1, 0.5], duration: 60 };
  const view = render(<WaveformPlayer {...props} editableRegion={{ ...span, minLength: 0.3, onChange }} />);
  await waitFor(() => expect(made.regions.at(-1)?.byId(MAIN_REGION_ID)).toBeDefined());
  const main = () => made.regions.at(-1)!.byId(MAIN_REGION_ID)!;
  const rerender = (next: { start: number; end: number }) =>
    view.rerender(<WaveformPlayer {...props} editableRegion={{ ...next, minLength: 0.3, onChange }} />);
  return { onChange, main, ws: made.players.at(-1)!, rerender };
}

describe('the editable region on the waveform', () => {
  it('is drawn where the page places it', async () => {
    const { main } = await renderEditable({ start: 0, end: 5 });
    expect([main().start, main().end]).toEqual([0, 5]);
  });

  it('goes with the playhead to where the waveform is clicked, keeping its length, and tells the page', async () => {
    const { main, ws, onChange } = await renderEditable({ start: 0, end: 2.5 });
    act(() => ws.clickAt(42));
    expect([main().start, main().end]).toEqual([42, 44.5]);
    expect(onChange).toHaveBeenLastCalledWith(42, 44.5);
    expect(ws.getCurrentTime()).toBe(42);

    // Near the end it runs to the end.
    act(() => ws.clickAt(59));
    expect([main().start, main().end]).toEqual([59, 60]);
    expect(onChange).toHaveBeenLastCalledWith(59, 60);
  });

  it('moves when the page moves it, and stays one region', async () => {
    const { main, rerender } = await renderEditable({ start: 0, end: 5 });
    rerender({ start: 10, end: 15 });
    expect([main().start, main().end]).toEqual([10, 15]);
    expect(made.regions.at(-1)!.regions.filter((r) => r.id === MAIN_REGION_ID)).toHaveLength(1);
  });
});
