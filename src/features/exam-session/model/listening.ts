/** Until the audio's length is known: an audio that has not loaded by then is taken as failed. */
export const LISTEN_LOAD_CAP_MS = 20_000;
/** Past the audio's known length, a stalled playback is given up after this much more. */
export const LISTEN_SLACK_MS = 5_000;
/** An audio whose length the browser cannot tell (a stream, a WebM without one) plays this long at most. */
export const LISTEN_UNKNOWN_LENGTH_CAP_MS = 10 * 60_000;

/**
 * Plays `url` once on `audio`, from its start to its end, and resolves when it ended, failed
 * (an error, a refused play) or stalled past its cap: the cap is its known length plus a slack,
 * and while the length is unknown a load cap. Never rejects, so the exam never stalls on it.
 * Aborting pauses it and resolves at once.
 */
export function playThrough(audio: HTMLAudioElement, url: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    };
    const capByLength = () => {
      const length = audio.duration;
      // NaN: nothing loaded yet (a new source resets it), the load cap still holds.
      if (Number.isNaN(length)) return;
      cap(
        Number.isFinite(length) && length > 0
          ? Math.max(0, length - audio.currentTime) * 1000 + LISTEN_SLACK_MS
          : LISTEN_UNKNOWN_LENGTH_CAP_MS,
      );
    };
    const abort = () => {
      audio.pause();
      done();
    };
    function done() {
      clearTimeout(timer);
      audio.removeEventListener('ended', done);
      audio.removeEventListener('error', done);
      audio.removeEventListener('loadedmetadata', capByLength);
      audio.removeEventListener('durationchange', capByLength);
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    if (signal?.aborted) {
      resolve();
      return;
    }
    cap(LISTEN_LOAD_CAP_MS);
    audio.addEventListener('ended', done);
    audio.addEventListener('error', done);
    audio.addEventListener('loadedmetadata', capByLength);
    audio.addEventListener('durationchange', capByLength);
    signal?.addEventListener('abort', abort);
    audio.src = url;
    audio.play().catch(done);
  });
}

/** How far the audio has played, 0..1, or null while its length is unknown. */
export function playedFraction(audio: HTMLAudioElement): number | null {
  const length = audio.duration;
  if (!Number.isFinite(length) || length <= 0) return null;
  return Math.min(1, Math.max(0, audio.currentTime / length));
}
