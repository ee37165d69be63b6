// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhaseEffects, START_SOUND_CAP_MS } from '@/features/exam-session/model/phase-effects';

/** An <audio> whose play() never ends (a stalled load) until the test says so. */
class FakeSound extends EventTarget {
  currentTime = 0;
  plays = 0;
  play() {
    this.plays += 1;
    return new Promise<void>(() => undefined);
  }
  pause() {}
  end() {
    this.dispatchEvent(new Event('ended'));
  }
}

let log: string[];
const deps = (sound: FakeSound | null) => ({
  recorder: {
    beginTask: async () => void log.push('recording'),
    endTask: () => void log.push('pause'),
  },
  tasks: [
    { type: 'TEXT_TASK', files: [] },
    { type: 'AUDIO_TASK', files: [{ type: 'audio/wav', access: '/api/files/5/content' }] },
  ],
  startSound: sound as unknown as HTMLAudioElement,
  onRecordingStarted: (i: number) => void log.push(`countdown ${i}`),
  onFinish: async () => void log.push('finish'),
  playAudio: (url: string) => {
    log.push(`audio ${url}`);
    return { pause: () => void log.push('audio stopped') } as unknown as HTMLAudioElement;
  },
});

beforeEach(() => {
  log = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('phase effects', () => {
  it('starts the countdown only after the start sound and the recording, in that order', async () => {
    const sound = new FakeSound();
    const effects = new PhaseEffects(deps(sound));
    const done = effects.run([{ type: 'enter-speaking', taskIndex: 1 }]);
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual([]);
    sound.end();
    await done;
    expect(log).toEqual(['recording', 'countdown 1', 'audio /api/files/5/content']);
  });

  it('starts the recording anyway when the start sound stalls, after at most 5 s', async () => {
    const effects = new PhaseEffects(deps(new FakeSound()));
    const done = effects.run([{ type: 'enter-speaking', taskIndex: 0 }]);
    await vi.advanceTimersByTimeAsync(START_SOUND_CAP_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(START_SOUND_CAP_MS).toBe(5000);
    expect(log).toEqual(['recording', 'countdown 0']);
  });

  it('pauses at the end of an answer and ends the exam, stopping the task audio', async () => {
    const effects = new PhaseEffects(deps(null));
    await effects.run([
      { type: 'enter-speaking', taskIndex: 1 },
      { type: 'leave-speaking', taskIndex: 1 },
      { type: 'finish' },
    ]);
    expect(log).toEqual([
      'recording',
      'countdown 1',
      'audio /api/files/5/content',
      'audio stopped',
      'pause',
      'finish',
    ]);
  });

  it('does nothing more once stopped (the student left)', async () => {
    const effects = new PhaseEffects(deps(null));
    effects.stop();
    await effects.run([{ type: 'enter-speaking', taskIndex: 0 }, { type: 'finish' }]);
    expect(log).toEqual([]);
  });
});
