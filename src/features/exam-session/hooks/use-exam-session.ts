import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { studentVariantSchema } from '../../../shared/contract/student';
import { ERROR_TEXT, SUCCESS_TEXT } from '../../../shared/messages';
import { useNotify } from '../../../lib/notify';
import { recordingStore } from '../../../lib/outbox';
import { tokenStore } from '../../../lib/tokens';
import { uuid } from '../../../lib/uuid';
import { enqueueRecording } from '../api/complete-exam';
import { completeSession } from '../api/complete-session';
import { examVariantQuery } from '../api/get-exam-variant';
import { startSession } from '../api/start-session';
import { ExamRecorder } from '../model/exam-recorder';
import {
  advanceRunner,
  initialRunnerState,
  type RunnerEvent,
  type RunnerState,
  startRunner,
} from '../model/runner';
import { playToEnd, START_SOUND_URL } from '../model/start-sound';

export const MICROPHONE_REQUIRED_TEXT = 'Для начала экзамена требуется разрешить доступ к микрофону и аудио';
export const VARIANT_REQUIRED_TEXT = 'Выберите вариант';
/** SPEC.md §9: the progress bar ticks every 100 ms. */
export const TICK_MS = 100;

export type Variant = z.infer<typeof studentVariantSchema>;
export type SessionStage = 'choose' | 'starting' | 'running' | 'finishing';

function isPermissionRefusal(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError';
}

/**
 * Runs one exam: microphone, session, recorder and the runner's phases with their sounds;
 * at the end the recording goes to the outbox and the student back to the exam page.
 */
export function useExamSession({
  examId,
  examName,
  onFinished,
}: {
  examId: number;
  examName: string;
  onFinished: () => void;
}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [stage, setStage] = useState<SessionStage>('choose');
  const [runner, setRunner] = useState<RunnerState>(initialRunnerState);
  const [now, setNow] = useState(0);
  const [variant, setVariant] = useState<Variant | null>(null);
  const runnerRef = useRef<RunnerState>(initialRunnerState);
  const recorderRef = useRef<ExamRecorder | null>(null);
  const sessionIdRef = useRef<number | null>(null);
  const variantRef = useRef<Variant | null>(null);
  const startSoundRef = useRef<HTMLAudioElement | null>(null);
  const taskAudioRef = useRef<HTMLAudioElement | null>(null);
  const effectsRef = useRef<Promise<void>>(Promise.resolve());
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const stopTaskAudio = () => {
    taskAudioRef.current?.pause();
    taskAudioRef.current = null;
  };

  const finish = useCallback(async () => {
    setStage('finishing');
    stopTaskAudio();
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder) {
      try {
        await recorder.finish();
      } catch {
        // A chunk could not be stored: what was stored is still sent.
      }
      await enqueueRecording(recorder.meta.clientId, examName);
    }
    await completeSession(sessionIdRef.current);
    notify.success(SUCCESS_TEXT.examFinished);
    onFinishedRef.current();
  }, [examName, notify]);

  const runEffect = useCallback(
    async (event: RunnerEvent) => {
      const recorder = recorderRef.current;
      if (event.type === 'enter-speaking') {
        if (startSoundRef.current) await playToEnd(startSoundRef.current);
        recorder?.beginTask();
        const task = variantRef.current?.tasks[event.taskIndex]?.task;
        const audio =
          task?.type === 'AUDIO_TASK' ? task.files.find((f) => f.type.startsWith('audio')) : undefined;
        if (audio) {
          const player = new Audio(audio.access);
          taskAudioRef.current = player;
          void player.play().catch(() => undefined);
        }
      } else if (event.type === 'leave-speaking') {
        stopTaskAudio();
        recorder?.endTask();
      } else {
        await finish();
      }
    },
    [finish],
  );

  const apply = useCallback(
    (next: { state: RunnerState; events: RunnerEvent[] }) => {
      runnerRef.current = next.state;
      setRunner(next.state);
      // In order, each after the previous one ended (the start sound before recording).
      for (const event of next.events) {
        effectsRef.current = effectsRef.current.then(() => runEffect(event)).catch(() => undefined);
      }
    },
    [runEffect],
  );

  const start = useCallback(
    async (variantId: number | null) => {
      if (!variantId) {
        notify.error(VARIANT_REQUIRED_TEXT);
        return;
      }
      setStage('starting');
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
      } catch (error) {
        notify.error(isPermissionRefusal(error) ? MICROPHONE_REQUIRED_TEXT : ERROR_TEXT.generic);
        setStage('choose');
        return;
      }
      try {
        const loaded = await queryClient.ensureQueryData(examVariantQuery(examId, variantId));
        const ordered = {
          ...loaded,
          tasks: [...loaded.tasks].sort((a, b) => a.sequence_number - b.sequence_number),
        };
        const sessionId = await startSession(examId, variantId);
        const recorder = await ExamRecorder.create(stream, recordingStore, {
          clientId: uuid(),
          examId,
          examName,
          variantId,
          sessionId,
          ownerId: tokenStore.userId(),
        });
        recorderRef.current = recorder;
        sessionIdRef.current = sessionId;
        variantRef.current = ordered;
        setVariant(ordered);
        const sound = new Audio(START_SOUND_URL);
        sound.preload = 'auto';
        startSoundRef.current = sound;
        const at = performance.now();
        setNow(at);
        setStage('running');
        apply(
          startRunner(
            ordered.tasks.map((vt) => ({
              id: vt.task.id,
              preparationDuration: vt.task.preparationDuration,
              duration: vt.task.duration,
            })),
            at,
          ),
        );
      } catch {
        stream.getTracks().forEach((t) => t.stop());
        recorderRef.current?.release();
        recorderRef.current = null;
        notify.error(ERROR_TEXT.generic);
        setStage('choose');
      }
    },
    [apply, examId, examName, notify, queryClient],
  );

  // The clock: every 100 ms the bar moves and due phases advance.
  useEffect(() => {
    if (stage !== 'running') return;
    const timer = setInterval(() => {
      const at = performance.now();
      setNow(at);
      const next = advanceRunner(runnerRef.current, at);
      if (next.events.length > 0) apply(next);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [stage, apply]);

  // Leaving mid-exam keeps what was recorded (offered for sending later) and frees the microphone.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (recorderRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      stopTaskAudio();
      recorderRef.current?.release();
      recorderRef.current = null;
    };
  }, []);

  return { stage, runner, now, variant, start };
}
