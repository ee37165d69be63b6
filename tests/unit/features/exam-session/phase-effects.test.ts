// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerWindow } from '@/features/exam-session/model/answer-windows';
import {
  LISTEN_LOAD_CAP_MS,
  LISTEN_SLACK_MS,
  LISTEN_UNKNOWN_LENGTH_CAP_MS,
} from '@/features/exam-session/model/listening';
import {
  PhaseEffects,
  START_SOUND_CAP_MS,
  type WindowMark,
} from '@/features/exam-session/model/phase-effects';

/**
 * An <audio> that plays only as the test says: play() never ends by itself (a stalled load)
 * unless `refuse` makes it reject (autoplay refused); the test loads its metadata, moves it on,
 * ends it or fails it.
 */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = NaN;
  plays: string[] = [];
  paused = true;
  refuse = false;
  play() {
    this.plays.push(this.src);
    if (this.refuse) return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    this.paused = false;
    return new Promise<void>(() => undefined);
  }
  pause() {
    this.paused = true;
  }
  loadMetadata(seconds: number) {
    this.duration = seconds;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
  end() {
    this.currentTime = this.duration;
    this.paused = true;
    this.dispatchEvent(new Event('ended'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const plain: AnswerWindow = { answerSeconds: 30, audio: null, text: null, question: null };
const question = (n: number, audio: string | null): AnswerWindow => ({
  answerSeconds: 40,
  audio,
  text: `Вопрос ${n}?`,
  question: { number: n, count: 2 },
});

/** Task 0 plain; task 1 an audio task (heard first); task 2 two questions, the first heard. */
const windows: AnswerWindow[][] = [
  [plain],
  [{ ...plain, audio: '/api/files/5/content' }],
  [question(1, '/api/files/7/content'), question(2, null)],
];

let log: string[];
const mark = (m: WindowMark) => `${m.taskIndex}/${m.windowIndex}${m.question ? ' question' : ''}`;
const deps = (sound: FakeAudio | null, listen: FakeAudio | null = new FakeAudio()) => ({
  recorder: {
    beginWindow: async (m: WindowMark) => void log.push(`recording ${mark(m)}`),
    endWindow: () => void log.push('pause'),
  },
  windows,
  startSound: sound as unknown as HTMLAudioElement,
  listenAudio: listen as unknown as HTMLAudioElement,
  onListeningEnded: (r: { taskIndex: number; windowIndex: number }) =>
    void log.push(`heard ${r.taskIndex}/${r.windowIndex}`),
  onRecordingStarted: (r: { taskIndex: number; windowIndex: number }) =>
    void log.push(`countdown ${r.taskIndex}/${r.windowIndex}`),
  onFinish: async () => void log.push('finish'),
});

const listenTo = (taskIndex: number, windowIndex: number) =>
  ({ type: 'enter-listening', taskIndex, windowIndex }) as const;
const speak = (taskIndex: number, windowIndex: number) =>
  ({ type: 'enter-speaking', taskIndex, windowIndex }) as const;

beforeEach(() => {
  log = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('phase effects: the answer', () => {
  it('starts the countdown only after the start sound and the recording, in that order', async () => {
    const sound = new FakeAudio();
    const effects = new PhaseEffects(deps(sound));
    const done = effects.run([speak(0, 0)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual([]);
    sound.end();
    await done;
    expect(log).toEqual(['recording 0/0', 'countdown 0/0']);
  });

  it('starts the recording anyway when the start sound stalls, after at most 5 s', async () => {
    const effects = new PhaseEffects(deps(new FakeAudio()));
    const done = effects.run([speak(0, 0)]);
    await vi.advanceTimersByTimeAsync(START_SOUND_CAP_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(START_SOUND_CAP_MS).toBe(5000);
    expect(log).toEqual(['recording 0/0', 'countdown 0/0']);
  });

  it("marks a question's window as a question for the recorder, a task's own audio window not", async () => {
    const effects = new PhaseEffects(deps(null));
    await effects.run([speak(2, 1), speak(1, 0)]);
    expect(log).toEqual(['recording 2/1 question', 'countdown 2/1', 'recording 1/0', 'countdown 1/0']);
  });

  it('pauses at the end of an answer and ends the exam', async () => {
    const effects = new PhaseEffects(deps(null));
    await effects.run([
      speak(0, 0),
      { type: 'leave-speaking', taskIndex: 0, windowIndex: 0 },
      { type: 'finish' },
    ]);
    expect(log).toEqual(['recording 0/0', 'countdown 0/0', 'pause', 'finish']);
  });

  it('does nothing more once stopped (the student left)', async () => {
    const effects = new PhaseEffects(deps(null));
    effects.stop();
    await effects.run([listenTo(1, 0), speak(0, 0), { type: 'finish' }]);
    expect(log).toEqual([]);
  });
});

describe('phase effects: listening', () => {
  it("plays the window's audio once to its end, recording nothing meanwhile, then reports and starts the answer", async () => {
    const listen = new FakeAudio();
    const effects = new PhaseEffects(deps(null, listen));
    const done = effects.run([listenTo(2, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(listen.plays).toEqual(['/api/files/7/content']);
    listen.loadMetadata(30);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(log).toEqual([]);
    listen.end();
    await done;
    expect(log).toEqual(['heard 2/0']);
    // The runner answers with the answer's start: the signal, then the recording.
    await effects.run([speak(2, 0)]);
    expect(log).toEqual(['heard 2/0', 'recording 2/0 question', 'countdown 2/0']);
    expect(listen.plays).toHaveLength(1);
  });

  it("plays an audio task's own file before its answer", async () => {
    const listen = new FakeAudio();
    const effects = new PhaseEffects(deps(null, listen));
    const done = effects.run([listenTo(1, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(listen.src).toBe('/api/files/5/content');
    listen.end();
    await done;
    expect(log).toEqual(['heard 1/0']);
  });

  it('ends listening at once when the audio fails, or the browser refuses to play it', async () => {
    const broken = new FakeAudio();
    const effects = new PhaseEffects(deps(null, broken));
    const done = effects.run([listenTo(2, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    broken.fail();
    await done;
    expect(log).toEqual(['heard 2/0']);

    log = [];
    const refused = new FakeAudio();
    refused.refuse = true;
    await new PhaseEffects(deps(null, refused)).run([listenTo(1, 0)]);
    expect(log).toEqual(['heard 1/0']);
  });

  it('gives a stalled audio its known length and a slack, and one that never loads the load cap', async () => {
    const stalled = new FakeAudio();
    const done = new PhaseEffects(deps(null, stalled)).run([listenTo(2, 0)]);
    await vi.advanceTimersByTimeAsync(1_000);
    stalled.loadMetadata(30);
    await vi.advanceTimersByTimeAsync(30_000 + LISTEN_SLACK_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log).toEqual(['heard 2/0']);

    log = [];
    const unloaded = new FakeAudio();
    const waiting = new PhaseEffects(deps(null, unloaded)).run([listenTo(1, 0)]);
    // A new source says its length is not known yet (NaN): the load cap still holds.
    unloaded.dispatchEvent(new Event('durationchange'));
    await vi.advanceTimersByTimeAsync(LISTEN_LOAD_CAP_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(log).toEqual(['heard 1/0']);
  });

  it('lets an audio of unknown length play long, but not for ever', async () => {
    const stream = new FakeAudio();
    const done = new PhaseEffects(deps(null, stream)).run([listenTo(1, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    stream.loadMetadata(Infinity);
    await vi.advanceTimersByTimeAsync(LISTEN_UNKNOWN_LENGTH_CAP_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log).toEqual(['heard 1/0']);
  });

  it('reports at once a window with nothing to hear, or with no player', async () => {
    await new PhaseEffects(deps(null)).run([listenTo(2, 1)]);
    await new PhaseEffects(deps(null, null)).run([listenTo(1, 0)]);
    expect(log).toEqual(['heard 2/1', 'heard 1/0']);
  });

  it('tells how far the audio has played while it plays, nothing before its length is known or after', async () => {
    const listen = new FakeAudio();
    const effects = new PhaseEffects(deps(null, listen));
    expect(effects.listeningProgress()).toBeNull();
    const done = effects.run([listenTo(2, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(effects.listeningProgress()).toBeNull();
    listen.loadMetadata(30);
    listen.currentTime = 15;
    expect(effects.listeningProgress()).toBe(0.5);
    listen.end();
    await done;
    expect(effects.listeningProgress()).toBeNull();
  });

  it('stops the audio being heard when the exam is left, and reports nothing', async () => {
    const listen = new FakeAudio();
    const effects = new PhaseEffects(deps(null, listen));
    const done = effects.run([listenTo(2, 0), speak(2, 0)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(listen.paused).toBe(false);
    effects.stop();
    await done;
    expect(listen.paused).toBe(true);
    expect(log).toEqual([]);
  });
});
