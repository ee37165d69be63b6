import type { AudioLevel } from '@/features/exam-session/model/audio-level';
import type { RecorderDevices } from '@/features/exam-session/model/recorder-devices';
import { holdRecordingLock, type Locks } from '@/lib/recording-lock';

/** A MediaRecorder that emits the chunks a test hands it, with the browser's events and states. */
export class FakeMediaRecorder extends EventTarget {
  state: RecordingState = 'inactive';
  timeslice: number | undefined;

  constructor(readonly options: MediaRecorderOptions) {
    super();
  }

  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
    this.later('start');
  }

  pause() {
    this.state = 'paused';
    this.later('pause');
  }

  resume() {
    this.state = 'recording';
    this.later('resume');
  }

  requestData() {}

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.later('stop');
  }

  /** A timeslice's worth of audio arrives. */
  emit(blob: Blob) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: blob }));
  }

  /** The browser's recorder fails: it says so and stops. */
  fail() {
    this.dispatchEvent(new Event('error'));
    this.state = 'inactive';
    this.later('stop');
  }

  private later(type: string) {
    setTimeout(() => this.dispatchEvent(new Event(type)), 0);
  }
}

/** One microphone track; `unplug` is the device going away ('ended'), not the page stopping it. */
export class FakeTrack extends EventTarget {
  stopped = false;
  stop() {
    this.stopped = true;
  }
  unplug() {
    this.dispatchEvent(new Event('ended'));
  }
}

export function fakeStream(track = new FakeTrack()) {
  return {
    track,
    stream: { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream,
  };
}

/** Devices for a recorder in Node: the fake recorder, a steady level, the given locks. */
export function fakeDevices(
  locks: Locks,
  supported: (mime: string) => boolean = (m) => m.startsWith('audio/webm'),
) {
  const recorders: FakeMediaRecorder[] = [];
  const level: AudioLevel = { peak: () => 0.5, resume: () => undefined, close: () => undefined };
  const devices: RecorderDevices = {
    isTypeSupported: supported,
    mediaRecorder: (_stream, options) => {
      const r = new FakeMediaRecorder(options);
      recorders.push(r);
      return r as unknown as MediaRecorder;
    },
    level: () => level,
    lock: (clientId) => holdRecordingLock(clientId, locks),
  };
  return { devices, recorders };
}
