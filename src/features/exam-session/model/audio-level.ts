/** Reads how loud the microphone is right now. */
export interface AudioLevel {
  /** The highest absolute sample of the last ~40 ms, 0..1. */
  peak(): number;
  /** Browsers start an AudioContext suspended until a user gesture: call from one. */
  resume(): void;
  close(): void;
}

/** An analyser on the stream (Web Audio); it does not play anything. */
export function audioLevelOf(stream: MediaStream): AudioLevel {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    peak() {
      analyser.getFloatTimeDomainData(samples);
      let peak = 0;
      for (const v of samples) peak = Math.max(peak, Math.abs(v));
      return Math.min(1, peak);
    },
    resume() {
      void context.resume().catch(() => undefined);
    },
    close() {
      void context.close().catch(() => undefined);
    },
  };
}
