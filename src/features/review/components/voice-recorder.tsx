import MicOutlined from '@mui/icons-material/MicOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { VOICE_MAX_SECONDS } from '@/shared/contract/review';
import { formatDuration } from '@/shared/format';
import { useNotify } from '@/lib/notify';

export const RECORD_VOICE_TEXT = 'Записать голосом';
export const NO_MICROPHONE_TEXT = 'Нет доступа к микрофону';

/** A kept voice: its bytes, their type and its length in seconds as measured here. */
export interface RecordedVoice {
  blob: Blob;
  mime: string;
  duration: number;
}

/** What the recorder needs of the browser (a test brings fakes). */
export interface VoiceDevices {
  microphone: () => Promise<MediaStream>;
  isTypeSupported: (mime: string) => boolean;
  mediaRecorder: (stream: MediaStream, options: MediaRecorderOptions) => MediaRecorder;
  now: () => number;
}

const browserDevices: VoiceDevices = {
  microphone: () => navigator.mediaDevices.getUserMedia({ audio: true }),
  isTypeSupported: (mime) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(mime),
  mediaRecorder: (stream, options) => new MediaRecorder(stream, options),
  now: () => performance.now(),
};

/** Opus in WebM where the browser has it, else MP4 (Safari). */
const pickMime = (supported: (mime: string) => boolean) =>
  ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((m) => supported(m)) ?? '';

type State =
  | { is: 'idle' }
  | { is: 'starting' }
  | { is: 'recording'; startedAt: number }
  | { is: 'recorded'; voice: RecordedVoice; url: string };

/**
 * Records a short spoken comment: 'Записать голосом' → a clock and 'Остановить' (it stops by
 * itself at two minutes) → 'Прослушать', 'Оставить' (hands the voice to `onKeep`) or
 * 'Перезаписать'.
 */
export function VoiceRecorder({
  onKeep,
  devices = browserDevices,
  recordLabel = RECORD_VOICE_TEXT,
}: {
  onKeep: (voice: RecordedVoice) => void;
  devices?: VoiceDevices;
  recordLabel?: string;
}) {
  const notify = useNotify();
  const [state, setState] = useState<State>({ is: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const release = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  };

  const stop = () => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  };

  // The clock, and the stop at two minutes.
  const startedAt = state.is === 'recording' ? state.startedAt : null;
  useEffect(() => {
    if (startedAt === null) return;
    const tick = () => {
      const seconds = (devices.now() - startedAt) / 1000;
      setElapsed(Math.min(seconds, VOICE_MAX_SECONDS));
      if (seconds >= VOICE_MAX_SECONDS) stop();
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [startedAt, devices]);

  // The listening copy's address is freed when the voice is redone, kept or left.
  const url = state.is === 'recorded' ? state.url : null;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  // Leaving the page stops the microphone.
  useEffect(
    () => () => {
      stop();
      release();
      audio.current?.pause();
    },
    [],
  );

  const start = async () => {
    setState({ is: 'starting' });
    setElapsed(0);
    try {
      stream.current = await devices.microphone();
    } catch {
      notify.error(NO_MICROPHONE_TEXT);
      setState({ is: 'idle' });
      return;
    }
    const mime = pickMime(devices.isTypeSupported);
    const r = devices.mediaRecorder(stream.current, {
      ...(mime ? { mimeType: mime } : {}),
      audioBitsPerSecond: 32_000,
    });
    const chunks: Blob[] = [];
    let began = devices.now();
    r.addEventListener('dataavailable', (e) => {
      const data = (e as BlobEvent).data;
      if (data && data.size > 0) chunks.push(data);
    });
    r.addEventListener('start', () => {
      began = devices.now();
      setState({ is: 'recording', startedAt: began });
    });
    r.addEventListener('stop', () => {
      release();
      recorder.current = null;
      const duration = Math.min((devices.now() - began) / 1000, VOICE_MAX_SECONDS);
      const type = r.mimeType || mime || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setState({ is: 'idle' });
        return;
      }
      setState({
        is: 'recorded',
        voice: { blob, mime: type, duration },
        url: URL.createObjectURL(blob),
      });
    });
    recorder.current = r;
    r.start(1000);
  };

  const listen = () => {
    if (state.is !== 'recorded') return;
    audio.current?.pause();
    audio.current = new Audio(state.url);
    void audio.current.play().catch(() => undefined);
  };

  const keep = () => {
    if (state.is !== 'recorded') return;
    audio.current?.pause();
    onKeep(state.voice);
    setState({ is: 'idle' });
  };

  if (state.is === 'idle' || state.is === 'starting')
    return (
      <Button
        size="small"
        variant="outlined"
        startIcon={<MicOutlined />}
        disabled={state.is === 'starting'}
        onClick={() => void start()}
      >
        {recordLabel}
      </Button>
    );

  if (state.is === 'recording')
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="voice-recording">
        <Button
          size="small"
          variant="contained"
          color="error"
          startIcon={<StopCircleOutlined />}
          onClick={stop}
        >
          Остановить
        </Button>
        <Typography role="timer" aria-label="Идет запись голоса" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDuration(elapsed)} / {formatDuration(VOICE_MAX_SECONDS)}
        </Typography>
      </Stack>
    );

  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="voice-recorded"
    >
      <Typography variant="body2">Голос записан, {formatDuration(state.voice.duration)}</Typography>
      <Button size="small" onClick={listen}>
        Прослушать
      </Button>
      <Button size="small" variant="contained" onClick={keep}>
        Оставить
      </Button>
      <Button size="small" onClick={() => void start()}>
        Перезаписать
      </Button>
    </Stack>
  );
}
