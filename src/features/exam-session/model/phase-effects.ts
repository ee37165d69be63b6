import type { RunnerEvent } from './runner';
import { playToEnd } from './start-sound';

/** A stalled start sound holds the answer this long at most; then the recording starts anyway. */
export const START_SOUND_CAP_MS = 5000;

export interface PhaseEffectsDeps {
  recorder: { beginTask(): Promise<void>; endTask(): void };
  /** The variant's tasks in order: an AUDIO_TASK's audio plays after the start sound. */
  tasks: Array<{ type: string; files: Array<{ type: string; access: string }> }>;
  startSound: HTMLAudioElement | null;
  /** The recording of this task runs now: its speaking countdown starts. */
  onRecordingStarted(taskIndex: number): void;
  onFinish(): Promise<void>;
  playAudio?(url: string): HTMLAudioElement;
}

const playAudio = (url: string) => {
  const player = new Audio(url);
  void player.play().catch(() => undefined);
  return player;
};

/**
 * What the runner's transitions do, run in order, each after the previous one ended: the start
 * sound, then the recording, then (only then) the speaking countdown and the task's audio; the
 * pause at the end of an answer; the end of the exam.
 */
export class PhaseEffects {
  private chain: Promise<void> = Promise.resolve();
  private taskAudio: HTMLAudioElement | null = null;
  private stopped = false;

  constructor(private readonly deps: PhaseEffectsDeps) {}

  run(events: RunnerEvent[]): Promise<void> {
    for (const event of events) {
      this.chain = this.chain
        .then(() => (this.stopped ? undefined : this.handle(event)))
        .catch((error: unknown) => console.warn('exam phase', error));
    }
    return this.chain;
  }

  /** No more effects (the exam ended or was left); the task's audio stops. */
  stop(): void {
    this.stopped = true;
    this.stopTaskAudio();
  }

  private async handle(event: RunnerEvent): Promise<void> {
    const { recorder } = this.deps;
    if (event.type === 'enter-speaking') {
      if (this.deps.startSound) await playToEnd(this.deps.startSound, START_SOUND_CAP_MS);
      await recorder.beginTask();
      if (this.stopped) return;
      this.deps.onRecordingStarted(event.taskIndex);
      const task = this.deps.tasks[event.taskIndex];
      const audio =
        task?.type === 'AUDIO_TASK' ? task.files.find((f) => f.type.startsWith('audio')) : undefined;
      if (audio) this.taskAudio = (this.deps.playAudio ?? playAudio)(audio.access);
    } else if (event.type === 'leave-speaking') {
      this.stopTaskAudio();
      recorder.endTask();
    } else {
      this.stopTaskAudio();
      await this.deps.onFinish();
    }
  }

  private stopTaskAudio(): void {
    this.taskAudio?.pause();
    this.taskAudio = null;
  }
}
