import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { useNotify } from '@/lib/notify';
import { tokenStore } from '@/lib/tokens';
import { uuid } from '@/lib/uuid';
import { ensureData, OfflineError } from '@/lib/route-data';
import { completeSession } from '../api/complete-session';
import { examVariantQuery, type Variant } from '../api/get-exam-variant';
import { loadExamDevice } from '../api/load-exam-device';
import type { ProgressOp } from '../api/report-progress';
import { startSession } from '../api/start-session';
import type { RecorderFault } from '../model/exam-recorder';
import { answerWindowsOf, runnerTaskOf } from '../model/answer-windows';
import type { ListenBack } from '../model/listen-back';
import { type MicrophoneProblem, microphoneProblemOf, openMicrophone } from '../model/microphone';
import { PhaseEffects } from '../model/phase-effects';
import { START_SOUND_URL } from '../model/start-sound';
import { useExamRecording } from './use-exam-recording';
import { useExamRunner } from './use-exam-runner';
import { leaveFocusMode, useFocusMode } from './use-focus-mode';

/** Best effort, like the report itself: a device side that cannot load reports nothing. */
const reportProgress = (op: Omit<ProgressOp, 'at'>, owner: string | null) =>
  void loadExamDevice().then(
    (device) => device.reportProgress(op, owner),
    () => undefined,
  );

export const MICROPHONE_REQUIRED_TEXT = 'Для начала экзамена требуется разрешить доступ к микрофону и аудио';
export const VARIANT_REQUIRED_TEXT = 'Выберите вариант';

/**
 * 'done': the exam ended and its answer is queued (the end screen). 'stopped': the recording
 * stopped by itself (the microphone went away); what was recorded is sent. 'unsaved': the device
 * could not queue the answer (storage full): the recording stays on screen, to be saved as a file
 * or queued again.
 */
export type SessionStage = 'choose' | 'starting' | 'running' | 'finishing' | 'done' | 'stopped' | 'unsaved';

// An answer the device could not queue exists only in this tab: leaving still asks.
const FOCUSED: ReadonlySet<SessionStage> = new Set(['starting', 'running', 'finishing', 'unsaved']);

/**
 * Runs one exam: microphone, session, recorder and the runner's phases with their sounds; at
 * the end the recording goes to the outbox and the end screen gets it to play back. The parts:
 * the recording's lifecycle (useExamRecording), the clock (useExamRunner), the phase effects
 * (PhaseEffects) and focus mode (useFocusMode).
 */
export function useExamSession({ examId, examName }: { examId: number; examName: string }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [stage, setStage] = useState<SessionStage>('choose');
  const [variant, setVariant] = useState<Variant | null>(null);
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const [fault, setFault] = useState<RecorderFault | null>(null);
  const [answer, setAnswer] = useState<ListenBack | null>(null);
  const effects = useRef<PhaseEffects | null>(null);
  const clock = useExamRunner((events) => void effects.current?.run(events));
  const recording = useExamRecording();
  const blocker = useFocusMode(FOCUSED.has(stage));
  /** The recording whose progress the teacher sees ('Ход экзамена'): its clientId and owner. */
  const reporting = useRef<{ clientId: string; variantId: number; ownerId: string | null } | null>(null);

  // Each answer window that starts speaking is reported (best effort, through the outbox).
  const running = clock.runner.kind === 'running' ? clock.runner : null;
  const speakingAt =
    running?.phase === 'speaking'
      ? {
          task: running.taskIndex + 1,
          question:
            (running.tasks[running.taskIndex]?.windows?.length ?? 0) > 1
              ? running.windowIndex + 1
              : undefined,
        }
      : null;
  const speakingTask = speakingAt?.task;
  const speakingQuestion = speakingAt?.question;
  useEffect(() => {
    const r = reporting.current;
    if (!r || speakingTask === undefined) return;
    reportProgress(
      {
        examId,
        clientId: r.clientId,
        variantID: r.variantId,
        state: 'recording',
        task: speakingTask,
        ...(speakingQuestion !== undefined && { question: speakingQuestion }),
      },
      r.ownerId,
    );
  }, [examId, speakingTask, speakingQuestion]);

  /** How the exam goes on once its recording is queued: kept while queueing it failed, for a retry. */
  type Then = (answer: ListenBack | null) => void | Promise<void>;
  const ending = useRef<{ interrupted: boolean; then: Then } | null>(null);

  /**
   * Stores and queues the recording (`interrupted` when it ended before the exam did), then goes
   * on. When the device cannot queue it, nothing says the exam went well: the recording stays
   * on screen with its file at hand.
   */
  const end = async (interrupted: boolean, then: Then) => {
    ending.current = { interrupted, then };
    setStage('finishing');
    effects.current?.stop();
    let queued: ListenBack | null;
    try {
      queued = await recording.finish(examName, { interrupted });
    } catch (error) {
      console.warn('answer not queued', error);
      setStage('unsaved');
      return;
    }
    ending.current = null;
    await then(queued ?? null);
  };

  const finish = (sessionId: number | null) =>
    end(false, async (queued) => {
      await completeSession(sessionId);
      leaveFocusMode();
      notify.success(SUCCESS_TEXT.examFinished);
      setAnswer(queued);
      setStage('done');
    });

  const stopOnFault = async (kind: RecorderFault) => {
    clock.halt();
    setFault(kind);
    await end(true, () => setStage('stopped'));
  };

  /** Queues the answer again (the student may have freed some room). */
  const retrySave = async () => {
    const pending = ending.current;
    if (pending) await end(pending.interrupted, pending.then);
  };

  const start = async (variantId: number | null) => {
    if (!variantId) {
      notify.error(VARIANT_REQUIRED_TEXT);
      return;
    }
    setProblem(null);
    setStage('starting');
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (error) {
      const why = microphoneProblemOf(error);
      notify.error(why === 'denied' || why === 'insecure' ? MICROPHONE_REQUIRED_TEXT : ERROR_TEXT.generic);
      setProblem(why);
      setStage('choose');
      return;
    }
    try {
      const loaded = await ensureData(queryClient, examVariantQuery(examId, variantId));
      const ordered = {
        ...loaded,
        tasks: [...loaded.tasks].sort((a, b) => a.sequence_number - b.sequence_number),
      };
      const sessionId = await startSession(examId, variantId);
      const meta = { clientId: uuid(), examId, examName, variantId, sessionId, ownerId: tokenStore.userId() };
      const recorder = await recording.open(stream, meta, (kind) => void stopOnFault(kind));
      reporting.current = { clientId: meta.clientId, variantId, ownerId: meta.ownerId };
      reportProgress(
        { examId, clientId: meta.clientId, variantID: variantId, state: 'started', task: 0 },
        meta.ownerId,
      );
      const startSound = new Audio(START_SOUND_URL);
      startSound.preload = 'auto';
      // Made while the student's start still counts as a gesture: one element plays every audio.
      const listenAudio = new Audio();
      listenAudio.preload = 'auto';
      effects.current = new PhaseEffects({
        recorder,
        windows: ordered.tasks.map((vt) => answerWindowsOf(vt.task)),
        startSound,
        listenAudio,
        onListeningEnded: clock.listeningEnded,
        onRecordingStarted: clock.recordingStarted,
        onFinish: () => finish(sessionId),
      });
      setVariant(ordered);
      setStage('running');
      clock.start(ordered.tasks.map((vt) => runnerTaskOf(vt.task)));
    } catch (error) {
      stream.getTracks().forEach((t) => t.stop());
      notify.error(error instanceof OfflineError ? ERROR_TEXT.offlineNotSaved : ERROR_TEXT.generic);
      setStage('choose');
    }
  };

  const listeningProgress = useCallback(() => effects.current?.listeningProgress() ?? null, []);

  // Leaving mid-exam stops the sounds; the recording itself is let go by useExamRecording.
  useEffect(() => () => effects.current?.stop(), []);

  return {
    stage,
    runner: clock.runner,
    now: clock.now,
    variant,
    start,
    /** Why the microphone could not be opened at the last start. */
    problem,
    /** Why the recording stopped by itself. */
    fault,
    /** The finished answer to play back on the end screen (null when it cannot be). */
    answer,
    storage: recording.health,
    level: recording.level,
    /** How far the audio being heard has played (0..1), null when unknown or none plays. */
    listening: listeningProgress,
    saveFile: () => recording.saveFile(examName),
    /** Queues again an answer the device could not queue. */
    retrySave,
    blocker,
  };
}
