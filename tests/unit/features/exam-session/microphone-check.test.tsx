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
