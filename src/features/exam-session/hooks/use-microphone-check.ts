import { useCallback, useEffect, useRef, useState } from 'react';
import { type AudioLevel, audioLevelOf } from '../model/audio-level';
import { eventOrTimeout, pickRecordingMime } from '../model/recorder-devices';
import { withKnownDuration } from '../model/webm-duration';
import {
  HEARD_LEVEL,
  type MicrophoneProblem,
  microphoneProblemOf,
  microphoneUnavailable,
  openMicrophone,
  SILENCE_HINT_MS,
} from '../model/microphone';

/** Length of the sample the student records and plays back. */
export const SAMPLE_MS = 3000;
const LISTEN_INTERVAL_MS = 100;

export type MicrophoneCheckStatus = 'idle' | 'opening' | 'listening' | 'recording';

/**
 * The microphone check before the exam: opens the microphone, shows its level, notices silence,
 * records a three-second sample to play back. Everything is released when the screen goes.
 */
export function useMicrophoneCheck() {
  const [status, setStatus] = useState<MicrophoneCheckStatus>('idle');
  const [problem, setProblem] = useState<MicrophoneProblem | null>(microphoneUnavailable);
  const [sampleUrl, setSampleUrl] = useState<string | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const level = useRef<AudioLevel | null>(null);
  const listening = useRef<ReturnType<typeof setInterval> | null>(null);

  const close = useCallback(() => {
    if (listening.current) clearInterval(listening.current);
    listening.current = null;
    level.current?.close();
    level.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  const open = useCallback(async () => {
    close();
    setStatus('opening');
    try {
      stream.current = await openMicrophone();
    } catch (error) {
      setProblem(microphoneProblemOf(error));
      setStatus('idle');
      return;
    }
    level.current = audioLevelOf(stream.current);
    level.current.resume();
    setProblem(null);
    setStatus('listening');
    const openedAt = performance.now();
    let heard = false;
    listening.current = setInterval(() => {
      const peak = level.current?.peak() ?? 0;
      if (peak >= HEARD_LEVEL) {
        if (!heard) setProblem((p) => (p === 'silent' ? null : p));
        heard = true;
      } else if (!heard && performance.now() - openedAt > SILENCE_HINT_MS) {
        setProblem('silent');
      }
    }, LISTEN_INTERVAL_MS);
  }, [close]);

  const recordSample = useCallback(async () => {
    const source = stream.current;
    const mime = pickRecordingMime();
    if (!source || !mime) return;
    setStatus('recording');
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(source, { mimeType: mime });
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    const running = eventOrTimeout(recorder, 'start');
    const stopped = eventOrTimeout(recorder, 'stop');
    recorder.start();
    // The three seconds count from when it really records: a slow start no longer eats into them.
    await running;
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    if (recorder.state !== 'inactive') recorder.stop();
    await stopped;
    const seconds = (performance.now() - startedAt) / 1000;
    // MediaRecorder's WebM does not say how long it is: the player showed no length and could stop
    // short of the end. It is told what was measured.
    const sample = await withKnownDuration(new Blob(chunks, { type: mime }), seconds);
    setSampleUrl(URL.createObjectURL(sample));
    setStatus(stream.current ? 'listening' : 'idle');
  }, []);

  const readLevel = useCallback(() => level.current?.peak() ?? 0, []);

  useEffect(() => close, [close]);
  // A sample replaced or left behind frees its memory.
  useEffect(
    () => () => {
      if (sampleUrl) URL.revokeObjectURL(sampleUrl);
    },
    [sampleUrl],
  );

  return { status, problem, sampleUrl, open, recordSample, readLevel };
}
