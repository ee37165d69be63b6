/** The start-speaking tone, precached by the service worker. */
export const START_SOUND_URL = '/sounds/start.mp3';

/** Plays a sound to its end; resolves early if it cannot play (it never blocks the exam). */
export function playToEnd(audio: HTMLAudioElement, maxMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      audio.removeEventListener('ended', done);
      audio.removeEventListener('error', done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    audio.addEventListener('ended', done);
    audio.addEventListener('error', done);
    audio.currentTime = 0;
    audio.play().catch(done);
  });
}
