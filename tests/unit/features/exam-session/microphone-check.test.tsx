import { readFileSync } from 'node:fs';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let level = 0;
vi.mock('@/features/exam-session/model/audio-level', () => ({
  audioLevelOf: () => ({ peak: () => level, resume: () => undefined, close: () => undefined }),
}));

const { MicrophoneCheck } = await import('@/features/exam-session/components/microphone-check');

function setMicrophone(getUserMedia: () => Promise<MediaStream>, secure = true) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: secure ? { getUserMedia } : undefined,
    configurable: true,
  });
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;

beforeEach(() => {
  level = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** The promises the click started (the microphone opened), settled and drawn; no time passes. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('microphone check', () => {
  it('explains that the microphone needs HTTPS on a page opened over plain HTTP', () => {
    setMicrophone(() => Promise.resolve(stream), false);
    render(<MicrophoneCheck />);
    expect(screen.getByTestId('microphone-help').textContent).toMatch(/https:\/\/.*localhost/);
    expect(screen.queryByRole('button', { name: 'Проверить микрофон' })).toBeNull();
  });

  it('tells how to allow the microphone when access is refused', async () => {
    setMicrophone(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    render(<MicrophoneCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Проверить микрофон' }));
    expect((await screen.findByTestId('microphone-help')).textContent).toContain(
      'Доступ к микрофону запрещен',
    );
  });

  it('shows the level, and says when nothing is heard until something is', async () => {
    vi.useFakeTimers();
    setMicrophone(() => Promise.resolve(stream));
    const { unmount } = render(<MicrophoneCheck />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Проверить микрофон' }));
    });
    await settle();
    expect(screen.getByRole('progressbar', { name: 'Уровень микрофона' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Записать 3 секунды' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByTestId('microphone-help')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByTestId('microphone-help').textContent).toContain('Микрофон не слышит звука');
    level = 0.3;
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('microphone-help')).toBeNull();
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });
});

/** A MediaRecorder that starts `startDelay` ms after asked (as phones do) and gives `data` at its stop. */
class SlowStartRecorder extends EventTarget {
  static startDelay = 500;
  static stoppedAt: number | null = null;
  static isTypeSupported = (mime: string) => mime.startsWith('audio/webm');
  static data: BlobPart = new Uint8Array();
  state: RecordingState = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
  }
  start() {
    setTimeout(() => {
      this.state = 'recording';
      this.dispatchEvent(new Event('start'));
    }, SlowStartRecorder.startDelay);
  }
  stop() {
    this.state = 'inactive';
    SlowStartRecorder.stoppedAt = Date.now();
    this.ondataavailable?.({ data: new Blob([SlowStartRecorder.data], { type: this.options.mimeType }) });
    this.dispatchEvent(new Event('stop'));
  }
}

describe('the sample', () => {
  it('lasts three seconds from when the recorder really started, and its player knows its length', async () => {
    vi.useFakeTimers();
    setMicrophone(() => Promise.resolve(stream));
    // A WebM as Chromium records it: no length in its header.
    SlowStartRecorder.data = new Uint8Array(readFileSync('scripts/demo/answer.webm'));
    vi.stubGlobal('MediaRecorder', SlowStartRecorder);
    const samples: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        samples.push(blob);
        return 'blob:sample';
      },
      revokeObjectURL: () => undefined,
    });
    try {
      render(<MicrophoneCheck />);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Проверить микрофон' }));
      });
      await settle();
      const askedAt = Date.now();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Записать 3 секунды' }));
      });
      await act(() => vi.advanceTimersByTimeAsync(3000));
      // Half a second went to the start: it is still recording.
      expect(SlowStartRecorder.stoppedAt).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(SlowStartRecorder.stoppedAt).toBe(askedAt + 3500);
      await vi.waitFor(() =>
        expect(screen.getByTestId('mic-sample').getAttribute('src')).toBe('blob:sample'),
      );
      // Its header says 3 s (in the file's 1 ms ticks): Duration, a float64 after its id and size.
      const bytes = new Uint8Array(await samples[0].arrayBuffer());
      const at = bytes.findIndex((b, i) => b === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88);
      expect(at).toBeGreaterThan(0);
      expect(new DataView(bytes.buffer, at + 3, 8).getFloat64(0)).toBe(3000);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
