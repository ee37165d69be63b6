import { useCallback, useEffect, useRef, useState } from 'react';
import { loadExamDevice } from '../api/load-exam-device';
import type { StorageHealth } from '../model/chunk-writer';
import type { ExamRecorder, RecorderFault, RecorderMeta } from '../model/exam-recorder';
import type { ListenBack } from '../model/listen-back';
import { recordingExtension } from '@/shared/recording-media';

const HEALTHY: StorageHealth = { error: null, unsaved: 0, recovered: false };

/**
 * The microphone and recorder lifecycle: opens a recording on a stream, finishes and queues
 * it, and lets it go when the screen goes (a recording left mid-exam keeps its rows and is sent
 * as interrupted by the watcher once its lock is free). Reports storage health and faults. Its
 * device side (the recorder, Dexie, the outbox) loads with the running screen, not before.
 */
export function useExamRecording() {
  const recorder = useRef<ExamRecorder | null>(null);
  const [health, setHealth] = useState<StorageHealth>(HEALTHY);

  /** `onFault`: the recording stopped by itself (the microphone went away). */
  const open = useCallback(
    async (stream: MediaStream, meta: RecorderMeta, onFault: (fault: RecorderFault) => void) => {
      setHealth(HEALTHY);
      const { ExamRecorder, recordingStore } = await loadExamDevice();
      recorder.current = await ExamRecorder.create(stream, recordingStore, meta, {
        onHealth: setHealth,
        onFault,
      });
      return recorder.current;
    },
    [],
  );

  /** Recordings whose every chunk is stored: a retry after queueing failed only queues. */
  const stored = useRef(new WeakSet<ExamRecorder>());

  /**
   * Stores the rest (as long as that takes), queues the recording and lets go of it; answers the
   * recording to play back on the device (taken before it is queued: the device's copy goes once
   * the server has it), null when there is none. When queueing fails (storage full) it throws and
   * keeps the recording, lock included, so that it can still be saved as a file or queued again.
   */
  const finish = useCallback(
    async (label: string, options: { interrupted?: boolean } = {}): Promise<ListenBack | null> => {
      const r = recorder.current;
      if (!r) return null;
      const { enqueueRecording, listenBackOf, recordingStore } = await loadExamDevice();
      if (!stored.current.has(r)) {
        await r.finish();
        stored.current.add(r);
      }
      // Listening back is a bonus: failing to read it never keeps the answer from being queued.
      const listenBack = await listenBackOf(recordingStore, r.meta.clientId).catch((error: unknown) => {
        console.warn('answer not readable for playback', error);
        return null;
      });
      await enqueueRecording(r.meta.clientId, label, options);
      recorder.current = null;
      r.release();
      return listenBack;
    },
    [],
  );

  /**
   * Everything recorded so far as a file, for when the device refuses to store it: a `.ustno`
   * file (the exam page brings it in) when the recording's row can be read, else the bare audio.
   */
  const saveFile = useCallback(async (name: string) => {
    const r = recorder.current;
    if (!r) return;
    const { recordingStore, saveBlob, ustnoFile, ustnoFileName } = await loadExamDevice();
    const audio = await r.recordedFile();
    const row = await recordingStore.get(r.meta.clientId).catch(() => undefined);
    if (row) saveBlob(await ustnoFile({ ...row, mime: r.mime }, audio), ustnoFileName(name, row.createdAt));
    else saveBlob(audio, `${name}.${recordingExtension(r.mime)}`);
  }, []);

  const level = useCallback(() => recorder.current?.currentLevel() ?? 0, []);

  useEffect(
    () => () => {
      recorder.current?.release();
      recorder.current = null;
    },
    [],
  );

  return { open, finish, saveFile, level, health };
}
