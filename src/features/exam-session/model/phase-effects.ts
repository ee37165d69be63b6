import type { AnswerWindow } from './answer-windows';
import { playedFraction, playThrough } from './listening';
import type { RunnerEvent, RunnerWindowRef } from './runner';
import { playToEnd } from './start-sound';

/** A stalled start sound holds the answer this long at most; then the recording starts anyway. */
export const START_SOUND_CAP_MS = 5000;

/** Where an answer window begins, as the recorder marks it. */
export interface WindowMark extends RunnerWindowRef {
  /** The window answers one of the task's questions (its start is kept per question). */
  question: boolean;
}

export interface PhaseEffectsDeps {
  recorder: { beginWindow(mark: WindowMark): Promise<void>; endWindow(): void };
  /** The answer windows of the variant's tasks, in order (what each plays before the answer). */
  windows: AnswerWindow[][];
  startSound: HTMLAudioElement | null;
  /** Plays what a window has to be heard (its source set each time); null: nothing is heard. */
  listenAudio: HTMLAudioElement | null;
  /** The window's audio is over (ended, failed or capped): its answer starts. */
  onListeningEnded(ref: RunnerWindowRef): void;
  /** The recording of this window runs now: its speaking countdown starts. */
  onRecordingStarted(ref: RunnerWindowRef): void;
  onFinish(): Promise<void>;
}

/**
 * What the runner's transitions do, run in order, each after the previous one ended: a window's
 * audio played once to its end (the recorder paused meanwhile), then the start sound, then the
 * recording, then (only then) the speaking countdown; the pause at the end of an answer; the end
 * of the exam.
 */
export class PhaseEffects {
  private chain: Promise<void> = Promise.resolve();
  private readonly stopping = new AbortController();
  private listening = false;

  constructor(private readonly deps: PhaseEffectsDeps) {}

  run(events: RunnerEvent[]): Promise<void> {
    for (const event of events) {
      this.chain = this.chain
        .then(() => (this.stopped ? undefined : this.handle(event)))
        .catch((error: unknown) => console.warn('exam phase', error));
    }
    return this.chain;
  }

  /** No more effects (the exam ended or was left); an audio being heard stops. */
  stop(): void {
    this.stopping.abort();
  }

  /** How far the window's audio has played (0..1), null while its length is unknown or nothing plays. */
  listeningProgress(): number | null {
    const audio = this.deps.listenAudio;
    return this.listening && audio ? playedFraction(audio) : null;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async handle(event: RunnerEvent): Promise<void> {
    const { recorder } = this.deps;
    if (event.type === 'enter-listening') {
      const ref = { taskIndex: event.taskIndex, windowIndex: event.windowIndex };
      const url = this.deps.windows[ref.taskIndex]?.[ref.windowIndex]?.audio;
      if (url && this.deps.listenAudio) {
        this.listening = true;
        await playThrough(this.deps.listenAudio, url, this.stopping.signal).finally(() => {
          this.listening = false;
        });
      }
      if (this.stopped) return;
      this.deps.onListeningEnded(ref);
    } else if (event.type === 'enter-speaking') {
      const ref = { taskIndex: event.taskIndex, windowIndex: event.windowIndex };
      if (this.deps.startSound) await playToEnd(this.deps.startSound, START_SOUND_CAP_MS);
      const answer = this.deps.windows[ref.taskIndex]?.[ref.windowIndex];
      await recorder.beginWindow({ ...ref, question: !!answer?.question });
      if (this.stopped) return;
      this.deps.onRecordingStarted(ref);
    } else if (event.type === 'leave-speaking') {
      recorder.endWindow();
    } else {
      await this.deps.onFinish();
    }
  }
}
